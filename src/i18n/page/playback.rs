//! The playback bar: its buttons' names, the scrubber's stage names, the speed.

texts! {
    /// What the playback bar says.
    pub enum PlaybackText {
        /// The bar's accessible name.
        Group => ("Pipeline playback", "流水线播放"),
        /// Step back.
        Previous => ("Previous stage", "上一步"),
        /// Play.
        Play => ("Play", "播放"),
        /// Pause.
        Pause => ("Pause", "暂停"),
        /// Step forward.
        Next => ("Next stage", "下一步"),
        /// The scrubber's accessible name.
        Scrubber => ("Pipeline stage", "流水线阶段"),
        /// Stage 1's name.
        Stage1 => ("1 indices", "1 索引"),
        /// Stage 2's name.
        Stage2 => ("2 shuffle", "2 打乱"),
        /// Stage 3's name.
        Stage3 => ("3 pad/trim", "3 填充/截断"),
        /// Stage 4's name.
        Stage4 => ("4 stripe", "4 分条带"),
        /// Stage 5's name.
        Stage5 => ("5 batch", "5 分批"),
        /// The speed select's label.
        Speed => ("speed ", "速度 "),
        /// The speed select's accessible name.
        SpeedName => ("Playback speed", "播放速度"),
    }
}
