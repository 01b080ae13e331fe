//! The guided walk-through, one explanation per stage.

texts! {
    /// What the walk-through says.
    pub enum GuideText {
        /// The walk-through's heading.
        Heading => ("Walk-through", "分步讲解"),
    }
}
