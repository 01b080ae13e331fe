//! What the charts themselves say: axes, legends, keys and the sentence beside each chart.
//! Only [`crate::chart`] reads these, so they travel with the story's part
//! ([`crate::parts`]), not in the page's own wasm.

texts! {
    /// What the charts and their summaries say.
    pub enum ChartWords {
        /// A rank in a legend.
        RankLabel => ("rank {r}", "rank {r}"),
        /// Visits chart: x axis.
        VisitsAxisTimes => ("times a sample is processed", "样本被处理的次数"),
        /// Visits chart: y axis.
        VisitsAxisSamples => ("samples", "样本数"),
        /// Visits chart: the no-sampler bars.
        VisitsLegendNone => ("no sampler", "不使用采样器"),
        /// Visits summary: one bar.
        VisitsEntry => ("{samples} processed {times}×", "{samples} 个样本各处理 {times} 次"),
        /// Visits summary.
        VisitsSummary => (
            "One epoch, all ranks together (num_replicas = {w}), as a histogram of samples by number of visits (exact at any size, one bar per count rather than per sample). {scheme}: {with}.",
            "一个 epoch 内全部 rank 合计（num_replicas = {w}），按访问次数统计样本数的直方图（任何规模下都精确，每个次数一根柱而不是每个样本一根）。{scheme}：{with}。",
        ),
        /// Visits summary: the bars without a sampler beside the scheme's.
        VisitsWithout => ("Without a sampler: {without}.", "不使用采样器：{without}。"),
        /// Visits summary: the no-sampler side was not counted.
        VisitsUncounted => ("not counted for this set-up", "此设置下未统计"),
        /// Visits summary: nothing to process.
        Nothing => ("nothing (the dataset is empty)", "无（数据集为空）"),
        /// Similarity chart: both axes.
        SimilarityAxisEpoch => ("epoch", "epoch"),
        /// Similarity chart: the colour key.
        SimilarityKey => ("same index", "相同索引"),
        /// Similarity summary: the definition.
        SimilarityDefinition => (
            "Cell (i, j) is the share of the {total:# position|# positions} of the ranks' lists (every rank's order, position by position) that hold the same index in epoch i as in epoch j, for epochs 0 to {last}.",
            "单元格 (i, j) 表示各 rank 列表的 {total} 个位置（即每个 rank 的顺序，逐位置比较）中，epoch i 与 epoch j 放着相同索引的比例，epoch 范围为 0 到 {last}。",
        ),
        /// Similarity summary: every epoch is the same.
        SimilarityAllSame => (
            "Every cell is 100%: each epoch repeats epoch 0's order exactly.",
            "所有单元格都是 100%：每个 epoch 都与 epoch 0 的顺序完全相同。",
        ),
        /// Similarity summary: epochs differ.
        SimilarityDiffers => (
            "Off the diagonal, {min} to {max} of positions agree: the order changes from epoch to epoch.",
            "对角线以外，相同位置的比例为 {min} 到 {max}：顺序在各 epoch 之间变化。",
        ),
        /// Multi-epoch charts: still computing.
        Pending => ("Computing: {done} of {cells:# cell|# cells} so far.", "计算中：已完成 {cells} 个单元格中的 {done} 个。"),
        /// A chart of a scheme whose epoch is past the page's budget for one browser task.
        TooLarge => (
            "one epoch of this set-up takes {draws:# draw|# draws}, past the {budget} one browser task may take; make the dataset or the number of GPUs smaller to see it.",
            "该设置的一个 epoch 需要 {draws} 次抽取，超过单个浏览器任务允许的 {budget} 次；请减小数据集或 GPU 数量后查看。",
        ),
        /// Multi-epoch charts: a seed out of range stops the epochs.
        EpochsStopped => ("Epochs from {k} on cannot be drawn: {why}", "从 epoch {k} 起无法计算：{why}"),
        /// Coverage chart: x axis.
        CoverageAxisEpochs => ("epochs trained (k)", "已训练的 epoch 数 (k)"),
        /// Coverage chart: y axis.
        CoverageAxisShare => ("share of the dataset seen", "已见过的数据集比例"),
        /// Coverage summary: the definition.
        CoverageDefinition => (
            "The share of the {n:# sample|# samples} a rank has processed after k epochs (exact: one bit per sample and rank).",
            "一个 rank 在 k 个 epoch 之后处理过的样本占全部 {n} 个样本的比例（精确：每个样本、每个 rank 各一位）。",
        ),
        /// Coverage summary: only the first ranks are drawn.
        CoverageFirstRanks => ("Ranks 0 to 7 of {w} are drawn.", "仅绘制 {w} 个 rank 中的 rank 0 到 7。"),
        /// Coverage summary: the last epoch's range.
        CoverageAfter => ("After {k:# epoch|# epochs}: {min} to {max} per rank.", "{k} 个 epoch 之后：每个 rank 为 {min} 到 {max}。"),
        /// Coverage summary, when every rank has seen the same share.
        CoverageAfterSame => ("After {k:# epoch|# epochs}: {min} for every rank.", "{k} 个 epoch 之后：每个 rank 都是 {min}。"),
        /// Coverage summary: no growth.
        CoverageFlat => (
            "It never grows after the first epoch: every epoch hands each rank the same samples again.",
            "第一个 epoch 之后不再增长：每个 epoch 都把同样的样本再次分给每个 rank。",
        ),
        /// Coverage summary: growth.
        CoverageGrows => (
            "It grows: each new epoch hands a rank samples it has not seen yet.",
            "覆盖率不断增长：每个新 epoch 都会给 rank 分配它未见过的样本。",
        ),
        /// Padding chart: y axis.
        PaddingAxisSamples => ("samples", "样本数"),
        /// Padding chart: samples processed once.
        PaddingOnce => ("once", "处理一次"),
        /// Padding chart: samples processed more than once.
        PaddingRepeated => ("twice or more", "两次或以上"),
        /// Padding chart: trimmed by the sampler.
        PaddingTrimmed => ("given to no GPU", "未分给任何 GPU"),
        /// Padding chart: in a dropped last batch.
        PaddingLoaderLost => ("in a dropped batch", "在丢弃的批次中"),
        /// Padding summary.
        PaddingSummary => (
            "In the epoch shown: {once:# sample|# samples} processed once, {repeated} twice or more ({padding:# padding copy|# padding copies}), {trimmed} given to no GPU (trimmed by a sampler's drop_last, or drawn by none), {lost} never processed because {lost:it falls|they fall} in a DataLoader's dropped last batch.",
            "当前 epoch 中：{once} 个样本处理一次，{repeated} 个处理两次或以上（填充副本 {padding} 个），{trimmed} 个未分给任何 GPU（被 sampler 的 drop_last 截掉，或没有被抽到），{lost} 个因落在 DataLoader 丢弃的最后一个批次中而从未被处理。",
        ),
        /// The download button.
        Download => ("Download SVG", "下载 SVG"),
        /// Under a chart on a phone, where it scrolls sideways.
        Swipe => ("Swipe sideways for the whole chart.", "左右滑动可看到整张图。"),
        /// After a download.
        Saved => ("Saved {name}.", "已保存 {name}。"),
        /// When the browser refuses a download.
        SaveFailed => ("The browser refused to save {name}.", "浏览器拒绝保存 {name}。"),
        /// When plotters fails.
        Failed => ("This chart could not be drawn: {why}", "无法绘制此图：{why}"),
        /// Visits chart: title.
        VisitsTitle => ("Visits per sample in one epoch, all ranks", "一个 epoch 内每个样本的访问次数（所有 rank）"),
        /// Similarity chart: title.
        SimilarityTitle => ("Epoch-by-epoch similarity of the order", "各 epoch 之间顺序的相似度"),
        /// Coverage chart: title.
        CoverageTitle => ("Coverage per rank over epochs", "各 rank 随 epoch 的覆盖率"),
        /// Padding chart: title.
        PaddingTitle => ("Padding and the trimmed tail, per epoch", "每个 epoch 的填充与截断尾部"),
    }
}
