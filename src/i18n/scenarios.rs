//! The nine pitfalls: titles, explanations, and the broken and fixed set-ups.

texts! {
    /// What the scenario panel says.
    pub enum ScenarioText {
        /// The panel's heading.
        Heading => ("Pitfalls people really hit", "真实训练代码中常见的坑"),
    }
}
