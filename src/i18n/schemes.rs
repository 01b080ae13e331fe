//! The comparison at the top of the page: each scheme's title and summary, the verdicts and
//! facts under its lanes, and the comparison's own controls.

texts! {
    /// What the comparison says.
    pub enum SchemeText {
        /// `distributed`'s title.
        DistributedTitle => ("With DistributedSampler", "使用 DistributedSampler"),
        /// `distributed`'s summary.
        DistributedSummary => (
            "One shared shuffle, one stripe per GPU (every num_replicas-th index, starting at its rank).",
            "所有 GPU 共用一次打乱，再按 GPU 切成条带（从该 GPU 的 rank 起，每隔 num_replicas 个取一个索引）。"
        ),
        /// `no_sampler`'s title.
        NoSamplerTitle => ("Without a sampler", "不使用采样器"),
        /// `no_sampler`'s summary.
        NoSamplerSummary => (
            "Every GPU runs `DataLoader(shuffle=...)` over the whole dataset.",
            "每块 GPU 都对整个数据集运行 `DataLoader(shuffle=...)`。"
        ),
        /// `seed_per_rank`'s title.
        SeedPerRankTitle => ("A seed per rank (the bug)", "每个 rank 一个种子（错误写法）"),
        /// `seed_per_rank`'s summary.
        SeedPerRankSummary => (
            "Each GPU builds its own `DistributedSampler(seed=rank)`: its stripe of a different shuffle, so the stripes no longer fit together.",
            "每块 GPU 各自构建 `DistributedSampler(seed=rank)`，从各不相同的打乱结果中取自己的条带：各自的条带不再互补。"
        ),
        /// `accelerate`'s title.
        AccelerateTitle => ("Accelerate's prepare()", "Accelerate 的 prepare()"),
        /// `accelerate`'s summary.
        AccelerateSummary => (
            "`accelerator.prepare(loader)`: the loader's batches, dealt whole to the GPUs in turn (or split with `split_batches`).",
            "`accelerator.prepare(loader)`：DataLoader 的批次整批轮流分给各 GPU（或用 `split_batches` 切开）。"
        ),
        /// `lightning_wrapper`'s title.
        WrapperTitle => ("Lightning's sampler wrapper", "Lightning 的采样器包装"),
        /// `lightning_wrapper`'s summary.
        WrapperSummary => (
            "`DistributedSamplerWrapper(sampler)`, what Lightning wraps a custom sampler in: its order, listed again each epoch, then shuffled (despite its docstring), padded and striped like `DistributedSampler`. (A plain `SequentialSampler` or `RandomSampler` Lightning replaces with `DistributedSampler` instead; here they stand in for yours.)",
            "`DistributedSamplerWrapper(sampler)`：Lightning 用它包装自定义采样器：每个 epoch 重新列出其顺序，再像 `DistributedSampler` 那样打乱（与其文档说法相反）、填充并分条带。（普通的 `SequentialSampler` 或 `RandomSampler` 会被 Lightning 直接换成 `DistributedSampler`；这里用它们代表你的采样器。）"
        ),
        /// `lightning_unrepeated`'s title.
        UnrepeatedTitle => ("Lightning, for prediction", "Lightning 预测用采样器"),
        /// `lightning_unrepeated`'s summary.
        UnrepeatedSummary => (
            "`UnrepeatedDistributedSampler`: no padding, so GPUs may get one sample fewer; shuffled with `manual_seed(epoch)`, ignoring `seed`.",
            "`UnrepeatedDistributedSampler`：不填充，各 GPU 可能相差一个样本；用 `manual_seed(epoch)` 打乱，忽略 `seed`。"
        ),
        /// `torchdata_resume`'s title.
        ResumeTitle => ("torchdata: save and resume", "torchdata：保存并恢复"),
        /// `torchdata_resume`'s summary.
        ResumeSummary => (
            "`StatefulDataLoader`: `consumed` batches, `state_dict()`, then a new process resumes the epoch. The state does not hold the epoch.",
            "`StatefulDataLoader`：训练 `consumed` 个批次后 `state_dict()`，再由新进程接着这个 epoch。状态里没有保存 epoch。"
        ),
        /// `iterable`'s title.
        IterableTitle => ("An IterableDataset, in workers", "IterableDataset 与多个 worker"),
        /// `iterable`'s summary.
        IterableSummary => (
            "`DataLoader(iterable_dataset, num_workers=k)` on every GPU: each of the k workers of each GPU iterates its own copy, so only what `__iter__` shards by `get_worker_info()` (and by rank) is split.",
            "每块 GPU 上的 `DataLoader(iterable_dataset, num_workers=k)`：每块 GPU 的 k 个 worker 各自遍历自己的一份副本，只有 `__iter__` 按 `get_worker_info()`（和 rank）分片的部分才会被拆分。"
        ),
        /// `weighted_no_wrapper`'s title.
        NoWrapperTitle => ("WeightedRandomSampler, no wrapper", "WeightedRandomSampler，不加包装"),
        /// `weighted_no_wrapper`'s summary.
        NoWrapperSummary => (
            "The same `WeightedRandomSampler` in every GPU's `DataLoader`: each GPU draws a whole epoch of its own (the very same one when seeded alike).",
            "每块 GPU 的 `DataLoader` 都用同一个 `WeightedRandomSampler`：每块 GPU 各自抽取完整的一个 epoch（种子相同时抽到的完全一样）。"
        ),
        /// `weighted_wrapper`'s title.
        WeightedWrapperTitle => ("WeightedRandomSampler in Lightning's wrapper", "Lightning 包装的 WeightedRandomSampler"),
        /// `weighted_wrapper`'s summary.
        WeightedWrapperSummary => (
            "`DistributedSamplerWrapper(WeightedRandomSampler(...))`: each GPU draws its own list and keeps its stripe of it, so the stripes fit together only when every GPU drew the same list.",
            "`DistributedSamplerWrapper(WeightedRandomSampler(...))`：每块 GPU 各自抽取列表并保留其中属于自己的条带，只有所有 GPU 抽到同一个列表时各条带才互补。"
        ),
        /// `monai_weighted`'s title.
        MonaiTitle => ("MONAI's DistributedWeightedRandomSampler", "MONAI 的 DistributedWeightedRandomSampler"),
        /// `monai_weighted`'s summary.
        MonaiSummary => (
            "Each GPU takes its `DistributedSampler` slice, then draws from it by weight with replacement: never outside its slice, and a slice that weighs nothing raises on that GPU alone (`drop_last` is left `False`).",
            "每块 GPU 先取得自己的 `DistributedSampler` 分片，再在其中按权重有放回地抽样：不会抽到分片之外的样本；分片权重全为 0 时只有那块 GPU 报错（`drop_last` 保持 `False`）。"
        ),
        /// A tile's state for screen readers: drawn again by its GPU.
        SrRepeat => ("(drawn again by this GPU)", "（这块 GPU 再次抽到）"),
        /// A tile's class, for screen readers.
        SrClass => ("(class {c})", "（类别 {c}）"),
        /// Legend: a repeat.
        LegendRepeat => ("drawn twice by one GPU", "同一块 GPU 抽到两次"),
        /// Legend: the class band.
        LegendClass => ("band: class 0 / class 1", "色带：类别 0 / 类别 1"),
        /// A lane whose process raised.
        RaisedIn => ("This process raised in epoch {epoch}:", "该进程在 epoch {epoch} 报错："),
        /// Fact: samples drawn on more than one GPU.
        OnSeveralGpus => ("Drawn on more than one GPU: {count}.", "被多块 GPU 抽到的样本：{count} 个。"),
        /// Fact: draws of a sample the GPU had drawn already.
        RepeatDraws => ("Drawn again by the same GPU: {count:# draw|# draws}.", "同一块 GPU 重复抽到：{count} 次。"),
        /// Fact: every GPU drew the same list.
        SameLists => (
            "Every GPU drew the very same list: {w}× the work for one GPU's draws.",
            "每块 GPU 抽到的列表完全相同：{w} 倍的工作量，只换来一块 GPU 的抽样。"
        ),
        /// Fact: one class's share.
        ClassShare => (
            "Class {c} ({size} of {n:# sample|# samples}; the weights aim at {target}%): {gpus}; all GPUs {all} of {drawn} ({percent}%).",
            "类别 {c}（{n} 个样本中占 {size} 个；权重的目标是 {target}%）：{gpus}；所有 GPU 合计 {drawn} 个中的 {all} 个（{percent}%）。"
        ),
        /// One GPU's count of a class.
        ClassOnGpu => ("GPU {rank} {count} of {drawn}", "GPU {rank} {drawn} 个中的 {count} 个"),
        /// The section's heading.
        Heading => ("Ways to hand a dataset to GPUs, side by side", "把数据集分给多个 GPU 的不同方式，并排对比"),
        /// The dataset row's label.
        Dataset => ("The dataset: {n:# sample|# samples}", "数据集：{n} 个样本"),
        /// The Python's comment on the dataset.
        PyItem => ("item i is i", "第 i 个样本就是 i"),
        /// The Python's comment on `seed=rank`.
        PyBug => ("seed=rank: the bug", "seed=rank：错误所在"),
        /// The Python's comment on simulated per-process seeds.
        PyOwnSeed => ("each process's own seed", "每个进程各自的种子"),
        /// A tile's state for screen readers: a padding copy.
        SrPadding => ("(padding copy)", "（填充副本）"),
        /// A tile's state for screen readers: on another GPU too.
        SrDup => ("(also on another GPU)", "（也在另一块 GPU 上）"),
        /// Opens a panel's Python.
        PythonSummary => ("The Python that prints these lanes", "打印这些 GPU 数据的 Python 代码"),
        /// The dataset row's tiles, for screen readers.
        DatasetShort => ("The dataset's samples", "数据集中的样本"),
        /// The unseen row's tiles, for screen readers.
        UnseenShort => ("Samples no GPU gets", "没有 GPU 处理的样本"),
        /// A lane's label.
        Gpu => ("GPU {rank}", "GPU {rank}"),
        /// After a lane's first tiles.
        More => ("+{count} more", "还有 {count} 个"),
        /// Before the samples a lane's loader leaves out.
        LeftOut => ("left out by the loader:", "被 DataLoader 丢弃："),
        /// Before the samples no GPU processes.
        Unseen => ("No GPU gets these this epoch ({count}):", "本 epoch 没有任何 GPU 处理的样本（{count} 个）："),
        /// The picker's accessible name.
        Picker => ("Set-up {k}", "方案 {k}"),
        /// Verdict: every sample once.
        EachOnce => ("Each sample once per epoch: the work is split, no sample twice.", "每个 epoch 每个样本恰好一次：工作被分摊，没有样本被处理两次。"),
        /// Verdict: every sample at least once, some more.
        AtLeastOnce => (
            "Each sample at least once; {more} more than once.",
            "每个样本至少一次；其中 {more} 个不止一次。"
        ),
        /// Verdict: every GPU processes everything.
        EveryGpuAll => (
            "Every GPU trains on {n:the one sample|all # samples}: {w}× the work, no speed-up.",
            "每块 GPU 都训练全部 {n} 个样本：{w} 倍的工作量，没有加速。"
        ),
        /// Verdict: every sample the same number of times, more than once.
        Times => (
            "Each sample {times} times this epoch: {times}× the work.",
            "本 epoch 每个样本被处理 {times} 次：{times} 倍的工作量。"
        ),
        /// Verdict: some samples never, some more than once.
        Missing => (
            "Samples lost: {never} never seen this epoch, {more} seen more than once.",
            "本 epoch 有 {never} 个样本从未被处理，{more} 个被处理不止一次。"
        ),
        /// Verdict of weighted draws: samples drawn by no GPU, and more than once.
        Drawn => (
            "Weighted draws: {never:# sample|# samples} drawn by no GPU this epoch, {more} drawn more than once.",
            "加权抽样：本 epoch 有 {never} 个样本没有被任何 GPU 抽到，{more} 个被抽到不止一次。"
        ),
        /// Verdict: nothing to process.
        Empty => ("Nothing to process: the dataset is empty.", "没有可处理的数据：数据集为空。"),
        /// Second verdict: the epoch repeats an earlier one.
        Repeats => ("The same order as epoch {epoch}: every GPU trains on the same samples in the same order again.", "顺序与 epoch {epoch} 完全相同：每块 GPU 又以同样的顺序训练同样的样本。"),
        /// Second verdict: a new order.
        NewOrder => ("A new order this epoch.", "本 epoch 是新的顺序。"),
        /// Fact: each GPU's share.
        Share => ("Each GPU processes {per} of {n:# sample|# samples} ({percent}%).", "每块 GPU 处理 {n} 个样本中的 {per} 个（{percent}%）。"),
        /// Fact: each GPU's share when the GPUs differ.
        ShareUneven => ("GPUs process {min} to {max} of {n:# sample|# samples}.", "各 GPU 处理 {n} 个样本中的 {min} 到 {max} 个。"),
        /// Fact: samples on more than one GPU.
        Duplicated => ("Processed more than once this epoch: {count}.", "本 epoch 被处理不止一次的样本：{count} 个。"),
        /// Fact: steps per epoch when the GPUs differ.
        StepsUneven => (
            "Steps per epoch differ between GPUs: {min} to {max}.",
            "各 GPU 每个 epoch 的步数不同：{min} 到 {max}。"
        ),
        /// Fact: `len(loader)` says more steps than a GPU takes.
        ReportedLen => (
            "len(loader) says {len} on every GPU, but GPU {rank} takes {steps:# step|# steps}.",
            "len(loader) 在每块 GPU 上都返回 {len}，但 GPU {rank} 实际只走 {steps} 步。"
        ),
        /// Fact: the workers' seeds this epoch.
        WorkerSeeds => (
            "The loader's base_seed this epoch (after torch.manual_seed, nothing else drawn): {base}; its workers seed torch and random with {seeds}.",
            "本 epoch DataLoader 的 base_seed（在 torch.manual_seed 之后、未做其他抽取时）：{base}；各 worker 用 {seeds} 为 torch 和 random 设种子。"
        ),
        /// Fact: steps per epoch.
        Steps => ("Steps per epoch on each GPU: {steps}.", "每块 GPU 每个 epoch 的步数：{steps}。"),
        /// Fact: epochs until every GPU has seen every sample.
        CoverAfter => ("Epochs until every GPU has seen every sample: {epochs}.", "每块 GPU 都见过全部样本所需的 epoch 数：{epochs}。"),
        /// Fact: never.
        CoverNever => (
            "Epochs until every GPU has seen every sample: never (every epoch deals what epoch 0 dealt).",
            "每块 GPU 都见过全部样本所需的 epoch 数：永远不会（每个 epoch 的分配都与 epoch 0 相同）。"
        ),
        /// Fact: not within the epochs looked at.
        CoverNotWithin => ("Epochs until every GPU has seen every sample: more than {epochs}.", "每块 GPU 都见过全部样本所需的 epoch 数：超过 {epochs}。"),
        /// The epoch controls' group name.
        EpochGroup => ("Epochs", "逐个 epoch 播放"),
        /// The epoch shown.
        Epoch => ("epoch {epoch}", "epoch {epoch}"),
        /// Plays the epochs.
        PlayEpochs => ("Play epochs", "播放 epoch"),
        /// Pauses them.
        PauseEpochs => ("Pause epochs", "暂停 epoch"),
        /// The landing page playing by itself, `set_epoch` ticked and unticked in turn.
        PlayingBoth => (
            "Playing by itself: epochs 0–{last} with set_epoch, then without.",
            "自动播放：epoch 0–{last}，先调用 set_epoch，再不调用。"
        ),
        /// One epoch back.
        PreviousEpoch => ("Previous epoch", "上一个 epoch"),
        /// One epoch on.
        NextEpoch => ("Next epoch", "下一个 epoch"),
        /// The epoch play's speed.
        Speed => ("Speed of the epochs", "epoch 播放速度"),
        /// Enters present mode.
        Present => ("Present", "演示"),
        /// Leaves present mode.
        LeavePresent => ("Leave present mode (Esc)", "退出演示（Esc）"),
        /// Beside it in present mode: how to go on.
        PresentHint => ("→ the story's next step", "→ 故事的下一步"),
        /// Adds a third scheme to the comparison.
        AddScheme => ("+ Compare a third: {title}", "+ 再比较一种：{title}"),
        /// Takes a scheme out of the comparison.
        RemoveScheme => ("Remove", "移除"),
        /// The phone's switch between the compared schemes.
        Switch => ("Show", "显示"),
        /// Legend: a sample.
        LegendSample => ("a sample (its colour follows it)", "一个样本（颜色随样本走）"),
        /// Legend: the gaps in a lane.
        LegendBatch => ("a gap: the next batch (batch_size)", "间隔：下一个 batch（batch_size）"),
        /// Legend: a padding copy.
        LegendPadding => ("padding copy", "填充副本"),
        /// Legend: on more than one GPU.
        LegendDup => ("on more than one GPU", "出现在多个 GPU 上"),
        /// Legend: left out.
        LegendLeftOut => ("left out", "未被处理"),
        /// `compare=` with too few or too many names.
        CompareCount => (
            "compare= takes two or three set-ups separated by commas; it names {got}. Showing the default pair.",
            "compare= 需要两到三个以逗号分隔的方案，这里给了 {got} 个。现显示默认的两个方案。"
        ),
        /// On a panel drawn with the last good value of one control.
        HeldOne => (
            "Showing {values} instead: the value asked for is refused, and the comparison draws every set-up with the same values.",
            "这里改为显示 {values}：所请求的取值被拒绝，而对比中的每种方案都用同一组取值绘制。"
        ),
        /// On a panel drawn with the last good values of several controls.
        HeldMany => (
            "Showing {values} instead: the values asked for are refused, and the comparison draws every set-up with the same values.",
            "这里改为显示 {values}：所请求的取值被拒绝，而对比中的每种方案都用同一组取值绘制。"
        ),
        /// Above the comparison, before the messages of values it could not draw.
        NotAsAsked => ("Not drawn as asked:", "未按所请求的取值绘制："),
        /// `compare=` naming no registered scheme.
        CompareUnknown => (
            "There is no set-up called \"{name}\" to compare (compare= takes {names}). Showing the default pair.",
            "没有名为“{name}”的方案可比较（compare= 可取 {names}）。现显示默认的两个方案。"
        ),
        /// When only this page's limits stop a scheme being drawn.
        NotDrawn => ("This page does not draw this set-up with these values:", "本页面不绘制该方案在这些取值下的情形："),
        /// When a scheme cannot be drawn for these arguments.
        Refused => ("This set-up refuses these arguments:", "该方案不接受这些参数："),
    }
}
