//! The story below the first screen: each step's heading and its sentence (filled with the
//! numbers of the scheme the story follows), the picker of that scheme, and the scoreboard.

texts! {
    /// What the story says.
    pub enum StoryText {
        /// Above the steps: which compared scheme they draw.
        Follows => ("The figures below draw", "下面的图展示"),
        /// The label on each figure naming its scheme.
        DrawnFor => ("Drawn for the set-up “{scheme}”", "所示方案：{scheme}"),
        /// A figure in place of which the followed scheme's refusal is said.
        FigureRefused => (
            "Nothing to draw: {scheme} refuses these values.",
            "无从绘制：{scheme} 不接受这些取值。",
        ),
        /// The downloads, while the followed scheme refuses the values.
        DownloadRefused => (
            "Nothing to download: {scheme} refuses these values.",
            "无可下载：{scheme} 不接受这些取值。",
        ),
        /// The scoreboard, a row not dealt yet.
        ScoreboardPending => ("Dealing…", "计算中……"),
        /// The story's part could not be loaded, or could not deal the scoreboard.
        ScoreboardMissing => (
            "The set-ups could not be dealt ({why}). The rest of the page works without them.",
            "无法计算各设置（{why}）。本页其余部分不受影响。",
        ),
        /// On a step drawn with the last good value of one control.
        HeldOne => (
            "This step shows {values} instead: the value asked for is refused (its message is by its control).",
            "此步骤改为显示 {values}：所请求的取值被拒绝（原因见对应控件旁的提示）。",
        ),
        /// On a step drawn with the last good values of several controls.
        HeldMany => (
            "This step shows {values} instead: the values asked for are refused (their messages are by their controls).",
            "此步骤改为显示 {values}：所请求的取值被拒绝（原因见对应控件旁的提示）。",
        ),
        /// The story's stylesheet could not be loaded.
        StylesMissing => (
            "The styles of the story below could not be loaded ({why}): its figures are shown without them.",
            "下方各步骤的样式未能加载（{why}）：图示将以无样式的形式显示。",
        ),
        /// Present mode: the step under the comparison.
        PresentAt => ("Step {k} of {all}: {title}", "第 {k} 步，共 {all} 步：{title}"),
        /// Present mode: the steps' navigation, for screen readers.
        PresentNav => ("Steps of the story", "本页的步骤"),
        /// Present mode: the step before.
        PresentBack => ("The step before (←)", "上一步（←）"),
        /// Present mode: the step after.
        PresentNext => ("The step after (→)", "下一步（→）"),
        /// The story's heading, for screen readers and the outline.
        Heading => ("Step by step", "一步一步看"),
        /// Step 1.
        SplitTitle => ("Split across GPUs", "分给各块 GPU"),
        /// Step 1's sentence when every sample goes to one GPU.
        SplitOnce => (
            "{scheme}: the {n:# sample|# samples} go to num_replicas = {w:# GPU|# GPUs}, {each} to each this epoch, every sample to exactly one of them.",
            "{scheme}：{n} 个样本分给 num_replicas = {w} 块 GPU，本 epoch 每块 {each} 个，每个样本恰好去一块 GPU。",
        ),
        /// Step 1's addition when its figure shows the scheme's stages.
        SplitStages => (" The stages below show how.", "下面的各阶段显示了过程。"),
        /// Step 1's sentence otherwise.
        SplitNotOnce => (
            "{scheme}: the {n:# sample|# samples} go to num_replicas = {w:# GPU|# GPUs}, {each} to each this epoch, but not every sample to exactly one of them.",
            "{scheme}：{n} 个样本分给 num_replicas = {w} 块 GPU，本 epoch 每块 {each} 个，但并非每个样本都恰好去一块 GPU。",
        ),
        /// Step 2.
        PadTitle => ("Pad or trim", "填充或截断"),
        /// Step 2 when the lists add up to the dataset.
        PadEven => (
            "All GPUs together take {total:# position|# positions} for len(dataset) = {n}: nothing to pad, nothing trimmed.",
            "所有 GPU 合起来占 {total} 个位置，len(dataset) = {n}：不必填充，也没有截断。",
        ),
        /// Step 2 with padding.
        PadPadded => (
            "All GPUs together take {total:# position|# positions} for len(dataset) = {n}: padding adds {copies:# copy|# copies} of samples already dealt so that every GPU gets as many, and {more:# sample is|# samples are} trained more than once this epoch.",
            "所有 GPU 合起来占 {total} 个位置，len(dataset) = {n}：填充补了 {copies} 个已分出样本的副本，让每块 GPU 拿到同样多；本 epoch 有 {more} 个样本被训练不止一次。",
        ),
        /// Step 2 with trimming.
        PadTrimmed => (
            "All GPUs together take {total:# position|# positions} for len(dataset) = {n}: trimming leaves out {dropped}, which no GPU sees this epoch.",
            "所有 GPU 合起来占 {total} 个位置，len(dataset) = {n}：截掉了 {dropped} 个，本 epoch 没有 GPU 见到它们。",
        ),
        /// Step 2 otherwise.
        PadMixed => (
            "All GPUs' samplers together yield {total:# index|# indices} for len(dataset) = {n}. This epoch, samples no GPU processes: {unseen}; samples processed more than once: {more}.",
            "所有 GPU 的采样器合起来给出 {total} 个索引，len(dataset) = {n}；本 epoch 有 {unseen} 个样本没有 GPU 处理，{more} 个被处理不止一次。",
        ),
        /// Step 3.
        SetEpochTitle => ("Shuffle by epoch", "按 epoch 打乱"),
        /// Step 3 when every later epoch repeats epoch 0.
        EpochAllSame => (
            "{scheme}, with these settings: epochs 1–{last} hand GPU 0 exactly epoch 0's list, so the model sees the same order every epoch.",
            "{scheme}，按这些设置：epoch 1–{last} 给 GPU 0 的列表与 epoch 0 完全相同，模型每个 epoch 看到同样的顺序。",
        ),
        /// Step 3 when some do.
        EpochSomeSame => (
            "{scheme}, with these settings: of epochs 1–{last}, the ones that hand GPU 0 exactly epoch 0's list: {same}.",
            "{scheme}，按这些设置：epoch 1–{last} 中有 {same} 个给 GPU 0 的列表与 epoch 0 完全相同。",
        ),
        /// Step 3 when none does.
        EpochNew => (
            "{scheme}, with these settings: every epoch from 1 to {last} hands GPU 0 a new order.",
            "{scheme}，按这些设置：epoch 1 到 {last} 每个都给 GPU 0 新的顺序。",
        ),
        /// Step 3's sentence goes on, where leaving out `set_epoch` would repeat epoch 0.
        EpochNewWithout => (
            " Without set_epoch(epoch) in the loop, every epoch would hand every GPU its epoch-0 list again.",
            " 若循环里不调用 set_epoch(epoch)，每个 epoch 都会把 epoch 0 的列表原样再交给每块 GPU。",
        ),
        /// Step 3 when the epochs are too large to compare.
        EpochNotDrawn => (
            "{scheme}: at this size its epochs are not compared here.",
            "{scheme}：在这个规模下，这里不比较它的各个 epoch。",
        ),
        /// Step 3's figure past the history's budget, for a scheme whose seeding is known.
        EpochsUnlisted => (
            "{scheme}: at this size the epochs' lists are not drawn here. Each epoch's seeding call is shown instead, and an epoch seeded the way epoch 0 was is marked: it repeats epoch 0's order.",
            "{scheme}：在这个规模下，这里不绘制各个 epoch 的列表，只给出每个 epoch 的播种调用；与 epoch 0 播种相同的 epoch 会被标出：它重复 epoch 0 的顺序。",
        ),
        /// Step 4.
        BatchesTitle => ("Batches and the three lengths", "批次与三个长度"),
        /// Step 4's sentence.
        BatchesText => (
            "len(dataset) = {n}; on each GPU len(sampler) = {sampler} and len(loader) = {loader}, its steps per epoch, in batches of at most {size:# sample|# samples}. The table lists every GPU's indices in order.",
            "len(dataset) = {n}；每块 GPU 上 len(sampler) = {sampler}，len(loader) = {loader}，即每个 epoch 的步数，每批最多 {size} 个样本。下表按顺序列出每块 GPU 的索引。",
        ),
        /// Step 4 for an `IterableDataset`, which has no sampler.
        BatchesStream => (
            "len(dataset) = {n}; an IterableDataset has no sampler: each GPU's loader yields {sampler:# sample|# samples} this epoch in {loader:# step|# steps}, in batches of at most {size:# sample|# samples}. The table lists every GPU's indices in order.",
            "len(dataset) = {n}；IterableDataset 没有采样器：本 epoch 每块 GPU 的 loader 给出 {sampler} 个样本，共 {loader} 步，每批最多 {size} 个样本。下表按顺序列出每块 GPU 的索引。",
        ),
        /// Step 4's addition when the library's `len(loader)` is not the steps taken.
        BatchesMisreported => (
            " Beware: GPU {rank} takes only {steps:# step|# steps}, not the {reported} its len(loader) reports.",
            " 注意：GPU {rank} 实际只走 {steps} 步，而不是它的 len(loader) 报告的 {reported} 步。",
        ),
        /// Step 5.
        NoSamplerTitle => ("Without a sampler", "不用采样器"),
        /// Step 5's sentence.
        NoSamplerText => (
            "Without a sampler, each of the num_replicas = {w:# process|# processes} walks all {n:# sample|# samples} itself: every GPU does the whole epoch's work.",
            "不用采样器时，num_replicas = {w} 个进程每个都自己遍历全部 {n} 个样本：每块 GPU 都做了整个 epoch 的工作。",
        ),
        /// Step 6.
        LibraryTitle => ("Your library", "你用的库"),
        /// Step 6's sentence.
        LibraryText => (
            "Every set-up the page knows, on these settings, each read off its own deal. Pick one to compare it at the top beside the one followed here ({scheme}).",
            "页面所知的每种设置在这些参数下的结果，各自由其分配算出。选一个，在顶部与这里所跟随的设置（{scheme}）并排对比。",
        ),
        /// Step 7.
        InsideTitle => ("Inside one GPU", "一块 GPU 内部"),
        /// Step 7 without workers, every GPU as many steps.
        InsideNoWorkers => (
            "num_workers = 0: the main process loads every batch. Steps per GPU this epoch: {steps}. Set num_workers to see each batch's worker.",
            "num_workers = 0：主进程加载每个批次。每块 GPU 都走 {steps} 步。设置 num_workers 看每个批次由哪个 worker 加载。",
        ),
        /// Step 7 without workers, uneven steps.
        InsideNoWorkersUneven => (
            "num_workers = 0: the main process loads every batch. Steps per GPU this epoch: {steps}, so the GPUs with more wait at an all-reduce the others never reach.",
            "num_workers = 0：主进程加载每个批次。各 GPU 走 {steps} 步：步数多的会在别人永远到不了的 all-reduce 处等待。",
        ),
        /// Step 7 with workers, every GPU as many steps.
        InsideWorkers => (
            "num_workers = {workers}: each GPU's batches are loaded by its worker processes in turn. Steps per GPU this epoch: {steps}.",
            "num_workers = {workers}：每块 GPU 的批次由它的 worker 进程轮流加载。每块 GPU 都走 {steps} 步。",
        ),
        /// Step 7 with workers, uneven steps.
        InsideWorkersUneven => (
            "num_workers = {workers}: each GPU's batches are loaded by its worker processes in turn. Steps per GPU this epoch: {steps}, so the GPUs with more wait at an all-reduce the others never reach.",
            "num_workers = {workers}：每块 GPU 的批次由它的 worker 进程轮流加载。各 GPU 走 {steps} 步：步数多的会在别人永远到不了的 all-reduce 处等待。",
        ),
        /// Step 7's button when there are no workers.
        TryWorkers => ("Try num_workers = 2", "试试 num_workers = 2"),
        /// Step 7's preview when there are no workers: the same batches as two workers load them.
        WorkersPreview => (
            "Had num_workers been 2, the same batches would go to two worker processes in turn:",
            "若 num_workers = 2，同样的批次会轮流交给两个 worker 进程加载：",
        ),
        /// Step 8.
        PitfallsTitle => ("The pitfalls", "常见陷阱"),
        /// Step 8's sentence.
        PitfallsText => (
            "{count} ways this goes wrong in real code, each broken beside fixed, with the numbers that differ.",
            "真实代码里出错的 {count} 种方式，每种都把错误与修正并排展示，并给出不同之处的数字。",
        ),
        /// Under every GPU's lists together, when they neither pad nor trim.
        TotalMixed => (
            "{total} in all; this epoch unseen: {unseen}, processed more than once: {more}",
            "共 {total} 个：本 epoch {unseen} 个样本没人见到，{more} 个被处理不止一次",
        ),
        /// A `step=` that names no step.
        UnknownStep => (
            "step={got} names no step of the story ({steps}): the whole story is shown.",
            "step={got} 不是故事中的任何一步（{steps}）：显示整个故事。",
        ),
        /// The scoreboard's column heads.
        ColScheme => ("Set-up", "设置"),
        /// The scoreboard's verdict column.
        ColVerdict => ("This epoch", "本 epoch"),
        /// The scoreboard's steps column.
        ColSteps => ("Steps per GPU", "每块 GPU 的步数"),
        /// The scoreboard's button column.
        ColCompare => ("Compare", "对比"),
        /// A scoreboard row's button.
        CompareButton => ("Compare “{this}” beside “{scheme}”", "把“{this}”与“{scheme}”并排对比"),
        /// A scoreboard row whose scheme refuses these settings.
        Refuses => ("refuses these settings:", "不接受这些设置："),
    }
}
