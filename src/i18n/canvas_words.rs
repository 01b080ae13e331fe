//! What the canvas view says around its pixels: each image's sentence (also its `role=img`
//! label), its strips' labels and its legend. Only [`crate::model::raster::caption`] reads these, so they travel with the
//! story's part ([`crate::parts`]), not in the page's own wasm.

texts! {
    /// The canvas view's sentences, labels and legends.
    pub enum CanvasWords {
        /// The stage image's description; `{what}` is one of the stage texts below.
        StageSentence => (
            "Stage {k} of 5: {what}. Colour is the index, dark purple for 0 to yellow for the last.",
            "第 {k} 步（共 5 步）：{what}。颜色表示索引值，从 0 的深紫色渐变到最后一个的黄色。",
        ),
        /// Stage 1.
        InOrder => ("the {n} dataset indices in order, a smooth gradient", "按顺序排列的 {n} 个数据集索引，呈平滑渐变"),
        /// Stage 2, shuffled.
        Noise => ("the {n} indices after randperm: noise", "randperm 之后的 {n} 个索引：一片噪点"),
        /// Stage 2, not shuffled.
        StaysInOrder => ("shuffle=False: the {n} indices stay in order", "shuffle=False：{n} 个索引保持原顺序"),
        /// Stage 3, padded.
        Padded => (
            "padded to total_size {total} with {padding:# copy|# copies} from the start of the list (hatched)",
            "从列表开头复制 {padding} 个索引（斜线纹）填充到 total_size {total}",
        ),
        /// Stage 3, trimmed.
        Trimmed => (
            "trimmed to total_size {total}: {dropped:the last index is|the last # indices are} dropped (grey)",
            "截断到 total_size {total}：最后 {dropped} 个索引被丢弃（灰色）",
        ),
        /// Stage 3, as is.
        Divides => ("{n} already divides by {w:# rank|# ranks}: nothing to pad", "{n} 已能被 {w} 个 rank 整除：无需填充"),
        /// Stage 4.
        Strips => (
            "one strip per rank: rank r takes positions r, r + {w}, r + 2 × {w}, …, {each} each",
            "每个 rank 一条：rank r 取位置 r, r + {w}, r + 2 × {w}, …，每个 rank {each} 个",
        ),
        /// Stage 5.
        InBatches => (
            "each rank's {each:# index|# indices} in {batches:# batch|# batches} of up to {size}{tail}",
            "每个 rank 的 {each} 个索引分成 {batches} 个批次，每批最多 {size} 个{tail}",
        ),
        /// Stage 5, a dropped short batch.
        ShortDropped => ("; the short last batch of {k} is dropped (grey)", "；不满的最后一批（{k} 个）被丢弃（灰色）"),
        /// The rank map's description.
        MapSentence => (
            "The {n} samples in dataset order, each in the colour of the rank that gets it this epoch{twice}{never}.",
            "按数据集顺序排列的 {n} 个样本，每个样本涂成本 epoch 拿到它的 rank 的颜色{twice}{never}。",
        ),
        /// Rank map, padding.
        MapTwice => ("; {k} received twice (hatched)", "；{k} 个被拿到两次（斜线纹）"),
        /// Rank map, trimmed.
        MapNever => ("; {k} received by no rank (grey)", "；{k} 个没有任何 rank 拿到（灰色）"),
        /// Strip label, stage 1 and the rank map (the model's label, the key to this text).
        Dataset => ("dataset", "数据集"),
        /// Strip label, stage 2.
        ShuffledRow => ("shuffled", "已打乱"),
        /// Strip label, stage 2.
        InOrderRow => ("in order", "原顺序"),
        /// Strip label, stage 3.
        PaddedRow => ("padded", "已填充"),
        /// Strip label, stage 3.
        TrimmedRow => ("trimmed", "已截断"),
        /// Strip label, stage 3.
        AsIsRow => ("as is", "不变"),
        /// Legend.
        PaddingKey => ("padding: a copy from the start of the list", "填充：从列表开头复制的副本"),
        /// Legend.
        TwiceKey => ("received twice (padding)", "被拿到两次（填充）"),
        /// Legend.
        DroppedKey => ("dropped: no rank trains on it", "已丢弃：没有 rank 用它训练"),
        /// Legend.
        GapKey => ("a gap where each batch starts (if {px} px or wider)", "每个批次开头的间隙（宽度不小于 {px} 像素时显示）"),
        /// Legend.
        PaddingMark => ("right margin: the line holds padding", "右侧边距标记：这一行含有填充"),
        /// Legend.
        DroppedMark => ("right margin: the line holds a dropped one", "右侧边距标记：这一行含有被丢弃的索引"),
        /// Legend, the ramp's start.
        IndexZero => ("index 0", "索引 0"),
        /// Legend, past 8 ranks.
        ColoursRepeat => ("rank r uses colour r mod 8 ({w} ranks)", "rank r 使用第 r mod 8 种颜色（共 {w} 个 rank）"),
    }
}
