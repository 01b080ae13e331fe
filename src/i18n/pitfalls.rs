//! What the page says of its pitfalls before their part is loaded (`ui::scenarios`): the
//! section, its picker (each pitfall's title) and an embed's words. The worked-out pitfalls' own
//! words are [`super::scenarios`], drawn by the story's part.

texts! {
    /// The pitfalls section, as the page itself draws it.
    pub enum PitfallText {
        /// The panel's heading.
        Heading => ("Pitfalls people really hit", "真实训练代码中常见的坑"),
        /// Under the heading.
        Intro => (
            "Pick a mistake: the broken set-up and the fixed one side by side, every index computed as PyTorch 2.15 does.",
            "选一个错误：出错的写法与修正后的写法并排展示，每个索引都按 PyTorch 2.15 的方式算出。"
        ),
        /// The picker's accessible name.
        PickerLabel => ("Pitfalls", "常见错误"),
        /// An unknown `scenario=` in the URL (the name is shown as text).
        Unknown => (
            "There is no pitfall called \"{name}\". Pick one of the buttons above.",
            "没有名为“{name}”的坑，请从上方按钮中选择一个。"
        ),
        /// An embedded scenario: what the frame leaves to the full page.
        EmbedOnly => (
            "This frame shows the pitfall alone. The full page also draws it step by step, with every control.",
            "此框架只展示这个坑。完整页面还会逐步绘制它，并提供全部控件。"
        ),
        /// An unknown `scenario=` in an embed (no picker there).
        UnknownEmbed => (
            "There is no pitfall called \"{name}\", so this frame shows the picture instead.",
            "没有名为“{name}”的坑，因此此框架改为展示下方的图。"
        ),
        /// Scenario 10's title.
        TitleSplitBatches => ("Accelerate's split_batches", "Accelerate 的 split_batches"),
        /// Scenario 11's title.
        TitleEvenBatches => ("even_batches=False", "even_batches=False"),
        /// Scenario 12's title.
        TitleLightningEval => ("Validation padding under Lightning", "Lightning 验证时的填充"),
        /// Scenario 13's title.
        TitleStatefulResume => ("torchdata resume, epoch not restored", "torchdata 恢复时未恢复 epoch"),
        /// Scenario 14's title.
        TitleIterableNoShard => ("IterableDataset not sharded", "IterableDataset 未分片"),
        /// Scenario 15's title.
        TitleIterableSampler => ("A sampler for an IterableDataset", "给 IterableDataset 传 sampler"),
        /// Scenario 16's title.
        TitleUnevenHang => ("Uneven ends: the run hangs", "各 GPU 步数不同：训练卡死"),
        /// Scenario 17's title.
        TitleWorkerSameSeed => ("Every worker, the same random draws", "每个 worker 抽到相同的随机数"),
        /// Scenario 18's title.
        TitleWeightedNoWrapper => ("WeightedRandomSampler without a distributed wrapper", "WeightedRandomSampler 不加分布式包装"),
        /// Scenario 19's title.
        TitleWeightedSeedPerRank => ("The wrapper with a seed per rank", "包装器里每个 rank 用不同的种子"),
        /// Scenario 20's title.
        TitleMonaiEmptySlice => ("MONAI: a slice that weighs nothing", "MONAI：某个切片的权重全为零"),
        /// Scenario 1's title.
        TitleNoSetEpoch => ("set_epoch never called", "从未调用 set_epoch"),
        /// Scenario 2's title.
        TitleSeedPerRank => ("A different seed on each rank", "每个 rank 用不同的 seed"),
        /// Scenario 3's title.
        TitleEvalPadding => ("Padding in validation", "验证集中的填充样本"),
        /// Scenario 4's title.
        TitleDropLast => ("drop_last: sampler or DataLoader", "drop_last：放在 sampler 还是 DataLoader"),
        /// Scenario 5's title.
        TitleTinyDataset => ("More GPUs than samples", "GPU 比样本还多"),
        /// Scenario 6's title.
        TitleNoSampler => ("No sampler at all", "完全不用 sampler"),
        /// Scenario 7's title.
        TitleLengths => ("len(dataloader) vs len(dataset)", "len(dataloader) 与 len(dataset)"),
        /// Scenario 8's title.
        TitleResume => ("Resuming mid-epoch", "在 epoch 中途恢复训练"),
        /// Scenario 9's title.
        TitleDoubleShuffle => ("shuffle=True twice", "两处都写 shuffle=True"),
        /// Until the worked-out pitfall arrives with the story's part.
        Loading => ("Working the pitfall out…", "正在计算这个坑……"),
        /// When the story's part cannot be loaded (the browser's words follow).
        Missing => (
            "This pitfall could not be worked out here: the part of the page that computes it did not load ({why}). Pick it again to try once more; the rest of the page works.",
            "无法在此计算这个坑：页面中负责计算它的部分没有加载（{why}）。再次选择它即可重试；页面的其余部分照常可用。"
        ),
    }
}
