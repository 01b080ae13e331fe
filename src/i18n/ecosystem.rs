//! The ecosystem's schemes (Accelerate, Lightning, torchdata): the comments of their Python,
//! the names of their stages, and what their panels add (their options, a resume's mark).

texts! {
    /// What the ecosystem's schemes add to the comparison.
    pub enum EcoText {
        /// The Python: the state `prepare_data_loader` reads.
        PyAccelerateState => ("one state; each rank below stands for one process", "一个状态；下面每个 rank 代表一个进程"),
        /// The Python: one process of the launch.
        PyAccelerateProcess => ("each process of `accelerate launch`", "`accelerate launch` 的每个进程"),
        /// The Python: what `prepare` calls.
        PyAcceleratePrepare => ("what accelerator.prepare(loader) does in this process", "accelerator.prepare(loader) 在这个进程里做的事"),
        /// The Python: Lightning's loop.
        PyLightningSetEpoch => ("Lightning's loop calls this each epoch", "Lightning 的训练循环每个 epoch 都会调用"),
        /// The Python: the wrapper.
        PyWrapper => ("what Lightning wraps a custom sampler in (it replaces a plain Sequential/RandomSampler with DistributedSampler)", "Lightning 用它包装自定义采样器（普通的 Sequential/RandomSampler 会被直接换成 DistributedSampler）"),
        /// The Python: the unrepeated sampler's seed.
        PyUnrepeated => ("seed is taken and ignored: it shuffles with manual_seed(epoch)", "seed 会被接收但被忽略：它用 manual_seed(epoch) 打乱"),
        /// The Python: the epoch restored.
        PyRestored => ("restored: the state does not hold it", "已恢复：状态里并没有保存它"),
        /// The Python: the epoch forgotten.
        PyForgotten => ("forgotten: the sampler stays at epoch 0", "被遗忘：采样器停留在 epoch 0"),
        /// The Python: the save.
        PySave => ("saved in the checkpoint", "保存在检查点里"),
        /// The Python: the new process.
        PyResume => ("a new process, after a restart", "重启后的新进程"),
        /// The Python: no sharding.
        PyNoShard => ("no sharding: every worker of every rank yields every i", "没有分片：每个 rank 的每个 worker 都会产出每个 i"),
        /// The Python: the worker info.
        PyWorkerInfo => ("None in the main process (num_workers=0)", "在主进程中（num_workers=0）为 None"),
        /// Stage: copies in the workers.
        StepWorkers => ("a copy in each worker", "每个 worker 一份副本"),
        /// Stage: a GPU's batches grouped by worker.
        StepByWorker => ("batches by worker", "按 worker 分组的批次"),
        /// A batch's worker, for screen readers and on its tag.
        Worker => ("worker {w}", "第 {w} 号 worker"),
        /// Where an uneven run hangs.
        Hangs => (
            "Trained in lockstep (an all-reduce every step), {waiting_count:GPU|GPUs} {waiting} would start step {step} and wait at its all-reduce for {finished_count:GPU|GPUs} {finished}, which {finished_count:has|have} no batch left: the job stalls with no error until the process group's timeout (10 minutes by default for NCCL) kills it.",
            "如果这样同步训练（每一步都做 all-reduce），GPU {waiting} 会开始第 {step} 步，并在它的 all-reduce 处等待已经没有批次的 GPU {finished}：任务会无报错地卡住，直到进程组超时（NCCL 默认 10 分钟）将其终止。"
        ),
        /// The fixes for an uneven end.
        HangFix => (
            "Fixes: give every GPU as many batches (`DistributedSampler` pads; Accelerate's `even_batches=True` completes the last round), or run the loop inside `torch.distributed.algorithms.Join(...)`, where a finished GPU shadows the others' all-reduces.",
            "修复方法：让每块 GPU 的批次数相同（`DistributedSampler` 会填充；Accelerate 的 `even_batches=True` 会补齐最后一轮），或者把训练循环放进 `torch.distributed.algorithms.Join(...)`，让已结束的 GPU 陪同其他 GPU 完成 all-reduce。"
        ),
        /// The timeline's caption, for screen readers.
        HangCaption => ("What each GPU does at each step", "每块 GPU 在每一步做什么"),
        /// The timeline's first column.
        StepColumn => ("step", "步"),
        /// A step trained.
        CellTrains => ("trains", "训练"),
        /// A step whose all-reduce waits forever.
        CellWaits => ("waits forever", "永远等待"),
        /// No batch left.
        CellFinished => ("done", "已结束"),
        /// Never reached.
        CellNever => ("never runs", "不会执行"),
        /// A lane's mark where the resumed process starts.
        Resumed => ("resumed", "恢复"),
        /// The mark, for screen readers.
        SrResumed => ("(a new process resumes here)", "（新进程从这里恢复）"),
        /// A tile trained again after the resume, for screen readers.
        SrAgain => ("(trained again by this GPU)", "（这块 GPU 再次训练）"),
        /// Legend: trained again.
        LegendAgain => ("trained twice by one GPU", "同一块 GPU 训练了两次"),
        /// The panel's own options.
        Options => ("Its options", "它的选项"),
        /// Opens a panel's stage by stage.
        StageByStage => ("Stage by stage", "逐步查看"),
        /// A stage's row holding the epoch's whole list.
        AllSamples => ("all", "全部"),
        /// The panel's stages.
        How => ("How:", "流程："),
        /// Stage: indices.
        StepIndices => ("indices 0 … len(dataset) - 1", "索引 0 … len(dataset) - 1"),
        /// Stage: one shuffle.
        StepShuffle => ("shuffle", "打乱"),
        /// Stage: each rank shuffles.
        StepShufflePerRank => ("each GPU shuffles", "每块 GPU 各自打乱"),
        /// Stage: pad or trim.
        StepPadOrTrim => ("pad or trim", "填充或截断"),
        /// Stage: stripe.
        StepStripe => ("stripe per GPU", "按 GPU 分条带"),
        /// Stage: batch.
        StepBatch => ("batch", "分批"),
        /// Stage: the inner sampler.
        StepInnerOrder => ("your sampler's order", "你的采样器的顺序"),
        /// Stage: deal whole batches.
        StepDealBatches => ("deal batches in turn", "批次轮流分给各 GPU"),
        /// Stage: split batches.
        StepSplitBatches => ("split each batch", "切分每个批次"),
        /// Stage: complete the last round.
        StepCompleteRound => ("complete the last round", "补齐最后一轮"),
        /// Stage: weighted draws.
        StepDraw => ("each GPU draws by weight", "每块 GPU 按权重抽样"),
        /// Stage: weighted draws within a slice.
        StepDrawInSlice => ("draw by weight in the slice", "在分片内按权重抽样"),
        /// The Python: class-balancing weights.
        PyBalanced => ("1 / its class's size: both classes weigh alike", "1 / 所属类别的大小：两个类别的总权重相同"),
        /// The Python: plain weights.
        PyWeight => ("sample i's weight", "样本 i 的权重"),
        /// The Python: every process seeds alike.
        PySeedAlike => ("alike in every process", "每个进程都相同"),
        /// The Python: a seed per process.
        PySeedPerRank => ("each process its own seed", "每个进程各自的种子"),
        /// The Python: no generator.
        PyGlobal => ("no generator: torch's global one, which each iter(loader) also draws from", "不传 generator：使用 torch 的全局生成器，每次 iter(loader) 也会从中抽取"),
        /// The Python: no distributed wrapper.
        PyNoWrapper => ("no distributed wrapper: each GPU draws a whole epoch", "没有分布式包装：每块 GPU 抽取完整的一个 epoch"),
        /// The Python: the wrapper around a weighted sampler.
        PyWrapsItsOwn => ("keeps this process's stripe of its own draws", "保留本进程自己抽样结果中的条带"),
        /// The Python: MONAI's rank that raises.
        PyMonaiRaises => ("a slice whose weights are all 0 raises on this rank", "分片的权重全为 0 时该 rank 报错"),
        /// Stage: resume.
        StepResume => ("save, restart, resume", "保存、重启、恢复"),
    }
}
