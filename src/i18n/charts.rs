//! The charts panel's own words: its heading, what it shows, and what the page says while the
//! story's part loads or when it cannot. What the charts say (their titles, axes, legends, the
//! sentences beside them and their buttons) is in [`super::chart_words`], written by the
//! story's part.

texts! {
    /// What the chart panel says.
    pub enum ChartText {
        /// The panel's heading.
        Heading => ("Charts", "图表"),
        /// What the panel shows, under the heading.
        Intro => (
            "Drawn from the same core as the rest of the page. The charts that compare epochs use the first {count} epochs (0 to {last}), computed in the background one permutation at a time. Each chart can be saved as a standalone SVG file.",
            "与本页其余部分出自同一内核。比较多个 epoch 的图表使用前 {count} 个 epoch（0 到 {last}），在后台逐个计算排列。每张图都可以保存为独立的 SVG 文件。",
        ),
        /// While the story's part loads (it is loaded when the panel comes near the screen).
        Loading => ("Loading the charts…", "正在加载图表……"),
        /// When the story's part, loaded, could not write the charts.
        NotDrawn => ("The charts could not be drawn ({why}).", "无法绘制图表（{why}）。"),
        /// When the story's part cannot be loaded.
        PartMissing => (
            "The charts could not be loaded ({why}). The rest of the page works without them.",
            "无法加载图表（{why}）。本页其余部分不受影响。",
        ),
    }
}
