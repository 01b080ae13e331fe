//! The epoch history under each compared scheme's lanes: each GPU's order over the first
//! epochs, the rows that repeat epoch 0, and GPU 0's samples step by step.

texts! {
    /// What the epoch history says.
    pub enum HistoryText {
        /// Its heading, with the range of epochs shown.
        Title => ("Each GPU's order, epochs {first}–{last}", "每块 GPU 的顺序，epoch {first}–{last}"),
        /// The stamp on a row whose whole list is epoch 0's.
        Same => ("same as epoch 0", "与 epoch 0 相同"),
        /// A row's name for screen readers.
        Row => ("GPU {rank}, epoch {epoch}: {indices}", "GPU {rank}，epoch {epoch}：{indices}"),
        /// After a row's listed samples, how many more there are.
        More => ("+{count}", "+{count}"),
        /// Every later row repeats epoch 0.
        AllRepeat => (
            "Epochs {from}–{to} repeat epoch 0 on every GPU: each GPU trains on the same samples in the same order, epoch after epoch.",
            "epoch {from}–{to} 在每块 GPU 上都重复 epoch 0：每块 GPU 每个 epoch 都以同样的顺序训练同样的样本。"
        ),
        /// Some later rows repeat epoch 0.
        SomeRepeat => (
            "{count} of the {rows} GPU orders of epochs {from}–{to} {count:repeats|repeat} epoch 0.",
            "epoch {from}–{to} 的 {rows} 个 GPU 顺序中，有 {count} 个重复 epoch 0。"
        ),
        /// Every later row repeats epoch 0 because `set_epoch` is not called.
        AllRepeatNoSetEpoch => (
            "Epochs {from}–{to} repeat epoch 0 on every GPU: without sampler.set_epoch(epoch) every epoch shuffles with seed + 0, the same samples in the same order, and the loss curve repeats a pattern.",
            "epoch {from}–{to} 在每块 GPU 上都重复 epoch 0：没有调用 sampler.set_epoch(epoch)，每个 epoch 都用 seed + 0 打乱，每块 GPU 以同样的顺序训练同样的样本，loss 曲线随之周期性重复。"
        ),
        /// No later row repeats epoch 0, thanks to `set_epoch`.
        NoneRepeatSetEpoch => (
            "A new order every epoch, because the loop calls sampler.set_epoch(epoch): epoch e shuffles with seed + e. Without it, epochs {from}–{to} would repeat epoch 0 and the loss curve would repeat a pattern.",
            "每个 epoch 都是新的顺序，因为循环调用了 sampler.set_epoch(epoch)：第 e 个 epoch 用 seed + e 打乱。不调用它，epoch {from}–{to} 会重复 epoch 0，loss 曲线也会周期性重复。"
        ),
        /// No later row repeats epoch 0.
        NoneRepeat => (
            "Every epoch gives every GPU a new order.",
            "每个 epoch 都给每块 GPU 一个新的顺序。"
        ),
        /// The step plot's caption.
        Plot => (
            "GPU 0, step by step: the sample it trains on (its index, up and down) over epochs {first}–{last}. A repeated order draws the same shape every epoch.",
            "GPU 0 逐步训练的样本（纵轴为样本索引），epoch {first}–{last}。顺序重复时，每个 epoch 画出同样的形状。"
        ),
        /// The step plot's row label.
        PlotRow => ("GPU 0, step by step", "GPU 0 逐步"),
        /// The step plot for screen readers.
        PlotLabel => (
            "GPU 0's sample index at each step of epoch {epoch}",
            "GPU 0 在 epoch {epoch} 每一步的样本索引"
        ),
        /// Beyond the history's budget.
        TooLarge => (
            "The order over several epochs is not drawn here: one epoch of this set-up takes {draws} draws, and the page draws the history up to {budget} per epoch.",
            "这里不绘制多个 epoch 的顺序：该方案一个 epoch 需要 {draws} 次抽取，而本页面每个 epoch 最多绘制 {budget} 次。"
        ),
    }
}
