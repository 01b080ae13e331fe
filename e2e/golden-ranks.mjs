// What PyTorch 2.15 gave each rank (tests/golden/pytorch-2.15), as the page's index table shows it.
import assert from "node:assert/strict";
import { goldenCases } from "./harness.mjs";

/** The page cuts each rank's row after this many indices (src/model/picture.rs). */
export const TABLE_LIMIT = 2000;

/**
 * What PyTorch gave every rank of `DistributedSampler(ds_of_len_n, num_replicas=w, ...)` after
 * `set_epoch(epoch)`: `{ rank, len, indices }` with the first TABLE_LIMIT indices when the golden
 * file lists them all, else `{ rank, len, head }` (its first 16).
 */
export async function pytorchRanks({ n, w, seed = "0", epoch = "0", shuffle = true, drop_last = false }) {
  const cases = (await goldenCases("distributed_sampler")).filter(
    (c) =>
      c.n === n && c.num_replicas === w && c.seed === seed && c.epoch === epoch &&
      c.shuffle === shuffle && c.drop_last === drop_last,
  );
  assert.equal(cases.length, w, `one golden case per rank for n=${n}, w=${w}`);
  return cases
    .sort((a, b) => a.rank - b.rank)
    .map((c) =>
      c.indices
        ? { rank: c.rank, len: c.len, indices: c.indices.slice(0, TABLE_LIMIT) }
        : { rank: c.rank, len: c.len, head: c.head },
    );
}

/**
 * Each rank's first TABLE_LIMIT indices from the golden `dataloader_distributed` batches (the
 * same sampler inside `DataLoader`, so its batches concatenated are the sampler's list).
 */
export async function pytorchLoaderRanks({ n, w, seed = "0", epoch = "0" }) {
  const cases = (await goldenCases("dataloader")).filter(
    (c) =>
      c.case === "dataloader_distributed" && c.n === n && c.num_replicas === w &&
      c.seed === seed && c.epoch === epoch && c.shuffle && !c.drop_last && !c.loader_drop_last,
  );
  assert.equal(cases.length, w, `one golden loader case per rank for n=${n}, w=${w}`);
  return cases
    .sort((a, b) => a.rank - b.rank)
    .map((c) => ({ rank: c.rank, indices: c.batches.flat().slice(0, TABLE_LIMIT) }));
}

/** The table rows the page must show for these golden ranks (full lists only). */
export const tableRows = (ranks) => ranks.map(({ rank, indices }) => ({ rank, indices }));
