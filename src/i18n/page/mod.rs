//! The page's own texts: masthead, controls, pipeline, tables, timeline, code and share panels.

texts! {
    /// What the masthead says.
    pub enum PageText {
        /// The page's title.
        Title => ("What does each GPU get?", "每块 GPU 拿到哪些样本？"),
    }
}
