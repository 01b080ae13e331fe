//! The pipeline of chips: each stage's caption, the chips' hover titles and row labels.
//! A caption follows the stage's code, so most texts start with `:`.

texts! {
    /// What the chip pipeline says.
    pub enum PipelineText {
        /// Stage 1, no sample.
        IndicesEmpty => (": an empty dataset, no index at all.", "：空数据集，没有任何索引。"),
        /// Stage 1, one sample.
        IndicesOne => (": one sample, index 0.", "：只有一个样本，索引为 0。"),
        /// Stage 1.
        IndicesMany => (
            ": the {n} samples as the dataset numbers them, 0 … {last}.",
            "：数据集按自身编号排列的 {n} 个样本，0 … {last}。",
        ),
        /// Stage 2, shuffled.
        Shuffled => (
            ": one permutation, drawn the same way on every rank.",
            "：一个随机排列，每个 rank 都以完全相同的方式生成。",
        ),
        /// Stage 2, not shuffled.
        NotShuffled => (": shuffle=False keeps the dataset's order.", "：shuffle=False 保持数据集原有顺序。"),
        /// Stage 3, `drop_last` with nothing to cut.
        NothingCut => (
            ": {n} already divides by num_replicas = {w}; nothing is cut.",
            "：{n} 已能被 num_replicas = {w} 整除，无需截断。",
        ),
        /// Stage 3, `drop_last` cutting.
        Cut => (
            ": drop_last=True cuts the last {cut} (struck through) so that total_size = {total} divides by num_replicas = {w}.",
            "：drop_last=True 截掉最后 {cut}（带删除线），使 total_size = {total} 能被 num_replicas = {w} 整除。",
        ),
        /// Stage 3, nothing to pad.
        NoPadding => (
            ": padding_size = 0, since {n} divides by num_replicas = {w}.",
            "：padding_size = 0，因为 {n} 能被 num_replicas = {w} 整除。",
        ),
        /// Stage 3, padding.
        Padding => (
            ": padding_size = {padding}: {copies} (dashed) from the start of the list, so total_size = {total} divides by num_replicas = {w}.",
            "：padding_size = {padding}：从列表开头复制 {copies}（虚线框）补在末尾，使 total_size = {total} 能被 num_replicas = {w} 整除。",
        ),
        /// Stage 4.
        Stripe => (
            ": rank r keeps positions r, r + {w}, r + {w2}, …: {each} each (len(sampler)).",
            "：rank r 取位置 r, r + {w}, r + {w2}, …：每个 rank {each}（len(sampler)）。",
        ),
        /// Stage 5.
        Batches => (": len(loader) = {batches} per rank{tail}.", "：每个 rank 的 len(loader) = {batches}{tail}。"),
        /// Stage 5, a short last batch kept.
        ShortBatch => ("; the last (short) one holds {k}", "；最后一批不满，只有 {k}"),
        /// Stage 5, a short last batch dropped.
        DroppedBatch => (
            "; the short last batch ({k}, struck through) is dropped on every rank",
            "；不满的最后一批（{k}，带删除线）在每个 rank 上都被丢弃",
        ),
        /// A count of indices, singular.
        IndexOne => ("{count} index", "{count} 个索引"),
        /// A count of indices, plural.
        IndexMany => ("{count} indices", "{count} 个索引"),
        /// A count of padding copies, singular.
        CopyOne => ("{count} copy", "{count} 个副本"),
        /// A count of padding copies, plural.
        CopyMany => ("{count} copies", "{count} 个副本"),
        /// A count of batches, singular.
        BatchOne => ("{count} batch", "{count} 个批次"),
        /// A count of batches, plural.
        BatchMany => ("{count} batches", "{count} 个批次"),
        /// Hover title of a padding chip.
        PaddingChip => ("padding: copy of position {from}", "填充：位置 {from} 的副本"),
        /// Hover title of a trimmed chip.
        TrimmedChip => (
            "trimmed by DistributedSampler(drop_last=True)",
            "被 DistributedSampler(drop_last=True) 截掉",
        ),
        /// Hover title of a chip in a dropped batch.
        LoaderDroppedChip => (
            "in the short last batch, which DataLoader(drop_last=True) drops",
            "位于不满的最后一批，被 DataLoader(drop_last=True) 丢弃",
        ),
        /// Joins two hover titles.
        Separator => ("; ", "；"),
        /// The row label of trimmed chips.
        DroppedRow => ("dropped", "已截掉"),
        /// While the story's part, which draws the chips, is on its way.
        Loading => ("Loading the pipeline…", "正在加载流水线……"),
        /// The story's part could not be loaded, or could not draw the chips.
        PartMissing => (
            "The pipeline could not be drawn ({why}). The rest of the page works without it.",
            "无法绘制流水线（{why}）。本页其余部分不受影响。",
        ),
    }
}
