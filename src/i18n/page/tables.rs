//! The lengths, the index tables and the epoch timeline.

texts! {
    /// What the lengths, tables and timeline say.
    pub enum TableText {
        /// `total_size` with padding.
        PaddedNote => (
            "{total} after padding with {padding:# copy|# copies} from the start of the list",
            "{total}：从列表开头复制了 {padding} 个副本来填充",
        ),
        /// `total_size` with `drop_last`.
        TrimmedNote => ("{total} after drop_last trims {dropped}", "{total}：drop_last 截掉了 {dropped} 个"),
        /// `total_size` as is.
        EvenNote => ("{total}, no padding needed", "{total}，无需填充"),
        /// Under `len(dataset)`.
        DatasetNote => ("the whole dataset, on every rank", "整个数据集，每个 rank 上都相同"),
        /// Under `len(sampler)`.
        SamplerNote => ("indices per rank; {w:# rank|# ranks}", "每个 rank 的索引数；共 {w} 个 rank"),
        /// Under `len(loader)`.
        LoaderNote => ("batches per rank = steps per epoch", "每个 rank 的批次数 = 每个 epoch 的步数"),
        /// Under a table cut short.
        CutNote => (
            "Showing the first {shown} of {all} indices of each rank.",
            "每个 rank 只显示 {all} 个索引中的前 {shown} 个。",
        ),
        /// A long row's accessible name.
        RowName => ("rank {rank} indices", "rank {rank} 的索引"),
        /// The sampler table's caption.
        SamplerCaption => (
            "Indices each rank receives in epoch {epoch}, in order",
            "epoch {epoch} 中每个 rank 依次拿到的索引",
        ),
        /// The no-sampler table's caption.
        NoSamplerCaption => (
            "Indices each rank receives in epoch {epoch}, without a sampler",
            "epoch {epoch} 中不使用采样器时每个 rank 拿到的索引",
        ),
        /// The timeline's heading.
        Timeline => ("Epoch by epoch", "逐个 epoch 对比"),
        /// While the story's part that draws the timeline loads.
        TimelineLoading => ("Loading the epochs…", "正在加载各 epoch……"),
        /// The story's part could not be loaded, or could not draw the timeline.
        TimelineMissing => (
            "The epochs could not be drawn ({why}). The rest of the page works without them.",
            "无法绘制各 epoch（{why}）。本页其余部分不受影响。",
        ),
        /// The banner when `set_epoch` is never called.
        NeverSetEpoch => (
            "set_epoch is never called: the sampler seeds every epoch with seed + 0, so every epoch repeats epoch 0's order exactly. Call sampler.set_epoch(epoch) at the start of each epoch.",
            "从未调用 set_epoch：采样器每个 epoch 都用 seed + 0 作为种子，因此每个 epoch 都与 epoch 0 的顺序完全相同。请在每个 epoch 开始时调用 sampler.set_epoch(epoch)。",
        ),
        /// The banner without shuffling.
        NoShuffle => (
            "shuffle=False: every epoch walks the same order, 0, 1, 2, …",
            "shuffle=False：每个 epoch 都按同一顺序 0, 1, 2, … 遍历",
        ),
        /// An epoch's seed when `set_epoch` is not called.
        SeedWithout => ("set_epoch not called → g.manual_seed(seed + 0 = {seed})", "未调用 set_epoch → g.manual_seed(seed + 0 = {seed})"),
        /// An epoch's seed when `set_epoch` is not called, for a sampler seeded with the epoch alone.
        EpochSeedWithout => ("set_epoch not called → g.manual_seed(0)", "未调用 set_epoch → g.manual_seed(0)"),
        /// An epoch that repeats an earlier one.
        SameOrder => ("same order as epoch {epoch}", "与 epoch {epoch} 顺序相同"),
        /// Past the previewed ranks.
        MoreRanks => (
            "… and {k:# more rank|# more ranks} (all in the index table)",
            "…… 另有 {k} 个 rank（完整内容见索引表）",
        ),
        /// An epoch's button.
        EpochButton => ("epoch {epoch}", "epoch {epoch}"),
    }
}
