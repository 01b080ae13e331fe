//! The charts' titles, axes and summaries.

texts! {
    /// What the chart panel says.
    pub enum ChartText {
        /// The panel's heading.
        Heading => ("Charts", "图表"),
    }
}
