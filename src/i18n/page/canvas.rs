//! The canvas view for large datasets, what the page itself says of it: the rank map's title
//! and cap, and what stands in for the images until the story's part draws them (their
//! strips' labels, sentences and legends are [`crate::i18n::canvas_words`]).

texts! {
    /// What the canvas view says.
    pub enum CanvasText {
        /// Only without the page's state, which never happens on the page.
        NoState => ("The picture has no state to draw.", "没有可供绘制的页面状态。"),
        /// The rank map's heading.
        RankMapTitle => ("Which rank gets each sample (dataset order)", "每个样本分给了哪个 rank（按数据集顺序）"),
        /// Above the rank map's size cap.
        RankMapCap => (
            "Drawn up to {max} samples: past that, one pass over every index would hold up the page.",
            "最多绘制 {max} 个样本：超过这个规模，遍历全部索引会让页面卡住。",
        ),
        /// Under an image while the story's part that draws it loads.
        ImageLoading => ("Loading the picture…", "正在加载图像…"),
        /// Under an image whose values changed while it was far off screen.
        ImageWaiting => (
            "The picture is drawn as it comes into view.",
            "图像在滚动到此处时绘制。",
        ),
        /// Under an image when that part could not be loaded or could not draw it.
        ImageMissing => ("The picture could not be drawn ({why}).", "图像未能绘制（{why}）。"),
        /// A canvas that failed.
        Failed => ("This browser could not draw the picture.", "此浏览器无法绘制这张图。"),
    }
}
