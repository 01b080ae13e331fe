//! The masthead, the document's title, the language switch, the colophon and the parts of the
//! page around the sections: the sampler's call, the tables' sentence, the drawing notice.
//! Backticks mark code, which the page sets in `<code>` (see `ui::rich`).

texts! {
    /// What the page says around its sections.
    pub enum PageText {
        /// The page's title.
        Title => ("What does each GPU get?", "每块 GPU 拿到哪些样本？"),
        /// The heading screen readers get on the embedded view, which has no masthead.
        EmbedTitle => (
            "What does each GPU get? DistributedSampler, index for index",
            "每块 GPU 拿到哪些样本？DistributedSampler 逐个索引对照",
        ),
        /// The document's `<title>`.
        DocumentTitle => (
            "sampler-viz: what DistributedSampler hands each GPU",
            "sampler-viz：DistributedSampler 给每块 GPU 分了哪些样本",
        ),
        /// Under the title.
        Lede => (
            "What PyTorch's `DistributedSampler`, Accelerate, Lightning and torchdata hand each GPU, index for index, exactly as PyTorch 2.15 and those packages do.",
            "逐个索引展示 PyTorch 的 `DistributedSampler`、Accelerate、Lightning 和 torchdata 分给每块 GPU 的数据，与 PyTorch 2.15 及这些库完全一致。",
        ),
        /// The language switch's accessible name.
        Language => ("Language", "语言"),
        /// By the switch when the Chinese texts could not be loaded (shown while the page is
        /// in English, so it says it in both languages: its English side's first sentence is
        /// Chinese).
        ChineseMissing => (
            "中文文本未能加载，页面仍为英文，可再按“中文”重试。The Chinese texts could not be loaded ({why}); the page stays in English. Press 中文 to try again.",
            "中文文本未能加载（{why}），页面仍为英文，可再按“中文”重试。",
        ),
        /// At an embed's top when the Chinese texts its `lang=zh` asked for could not be loaded
        /// (an embed has no switch to try again with); bilingual as `ChineseMissing`.
        ChineseMissingEmbed => (
            "中文文本未能加载，页面仍为英文。The Chinese texts could not be loaded ({why}); the view stays in English.",
            "中文文本未能加载（{why}），页面仍为英文。",
        ),
        /// The page's footer.
        Colophon => (
            "Every index is computed in your browser by a Rust reimplementation of PyTorch's generator, `randperm` and samplers, checked against PyTorch 2.15's own outputs.",
            "每个索引都由浏览器中运行的 Rust 程序算出：它重新实现了 PyTorch 的随机数生成器、`randperm` 和各个采样器，并与 PyTorch 2.15 自己的输出逐一核对。",
        ),
        /// The pipeline's heading.
        PipelineTitle => ("With DistributedSampler, stage by stage", "使用 DistributedSampler：逐步拆解"),
        /// The call's tail when the loop never calls `set_epoch`.
        NoSetEpoch => (
            "set_epoch never called, so the sampler's epoch stays 0",
            "从未调用 set_epoch，所以采样器的 epoch 一直是 0",
        ),
        /// The tables' heading, and the cost's row.
        WithSampler => ("With DistributedSampler", "使用 DistributedSampler"),
        /// What each rank gets.
        SamplerSentence => (
            "{w:The one GPU|Each of the # GPUs} gets its own {per_rank:# index|# indices} ({batches:# batch|# batches} of up to {size}); {w:it covers|together they cover} the dataset once.",
            "{w} 块 GPU 各自拿到自己的 {per_rank} 个索引（{batches} 个批次，每批最多 {size} 个）；合起来把数据集覆盖一遍。",
        ),
        /// While a large permutation is drawn.
        Drawing => ("Drawing the permutation… {percent}%", "正在生成随机排列…… {percent}%"),
    }
}
