// The sampler-viz JS API in a page of its own (docs/js-api.md). Served from the same folder
// as the app, this page finds the module at ../../js/sampler_viz.js.
import init, {
  distributedBatches,
  distributedIndices,
  noSamplerBatches,
  randperm,
  rankIndices,
  version,
} from "../../js/sampler_viz.js";

/** Fills the table `[data-testid=<testid>]` with one row per [label, cell] pair. */
function show(testid, rows) {
  const table = document.querySelector(`[data-testid=${testid}]`);
  table.replaceChildren(
    ...rows.map(([label, cell]) => {
      const row = document.createElement("tr");
      const th = Object.assign(document.createElement("th"), { scope: "row", textContent: label });
      const td = Object.assign(document.createElement("td"), { textContent: cell });
      row.append(th, td);
      return row;
    }),
  );
}

const list = (indices) => indices.join(", ");
const batches = (listOfBatches) => listOfBatches.map((b) => `[${list(b)}]`).join(" ");

// Fetches and compiles sampler_viz_bg.wasm (next to sampler_viz.js); once per page. Until it
// resolves, every other function throws an Error that says to call init().
await init();
document.querySelector("[data-testid=version]").textContent = version();

// DistributedSampler(dataset_of_10, num_replicas=3, rank=r, drop_last=True), for r = 0, 1, 2.
const ranks = distributedIndices({ n: 10, numReplicas: 3, dropLast: true });
show("ranks", ranks.map((indices, rank) => [`rank ${rank}`, list(indices)]));

// Then DataLoader(dataset, batch_size=3, sampler=sampler) on every rank, after set_epoch(1).
const perRank = distributedBatches({ n: 17, numReplicas: 4, epoch: 1, batchSize: 3 });
show("batches", perRank.map((b, rank) => [`rank ${rank}`, batches(b)]));

// g = torch.Generator(); g.manual_seed(2**64 - 1); torch.randperm(10, generator=g).
// Seeds beyond 2^53 are BigInts (or decimal strings): numbers would lose digits.
show("randperm", [["perm", list(randperm(10, 18446744073709551615n))]]);

// torch.manual_seed(42); DataLoader(dataset_of_10, batch_size=4, shuffle=True), 3 epochs.
const epochs = noSamplerBatches({ n: 10, manualSeed: 42, shuffle: true, batchSize: 4, epochs: 3 });
show("no-sampler", epochs.map((b, epoch) => [`epoch ${epoch}`, batches(b)]));

// PyTorch's refusals are thrown with PyTorch's message; `rule` says why in plain words.
try {
  rankIndices({ n: 10, numReplicas: 2, rank: 2 });
} catch (error) {
  show("error", [
    [error.pythonException ?? error.name, error.message],
    ["rule", error.rule],
  ]);
}

document.querySelector("[data-testid=status]").textContent = "Computed in this page.";
