//! The pitfalls worked out (drawn by the story's part, `parts::pitfalls`): explanations, the
//! rows and numbers of each side, and the card's own words. Their titles and the section around
//! them are the page's ([`super::pitfalls`]). Python code and PyTorch's messages stay as they
//! are in both languages.

texts! {
    /// What a worked-out pitfall says.
    pub enum ScenarioText {
        /// The broken column's heading.
        Broken => ("Broken", "出错的写法"),
        /// The fixed column's heading.
        Fixed => ("Fixed", "修正后的写法"),
        /// Loads the broken side into the main controls.
        ShowBroken => ("Show broken in the picture", "在下方图中查看出错的写法"),
        /// Loads the fixed side into the main controls.
        ShowFixed => ("Show fixed in the picture", "在下方图中查看修正后的写法"),
        /// When the main picture cannot show a side.
        NotInPicture => (
            "The picture below gives every rank the same seed, so it cannot show this side.",
            "下方的图中所有 rank 使用同一个种子，无法展示这一侧。"
        ),
        /// When the fix happens after the sampler, where the picture does not look.
        NotInPictureGather => (
            "The fix happens after gathering; the sampler, which the picture below shows, is the same on both sides.",
            "修正发生在收集预测之后；下方图中展示的 sampler 在两侧完全相同。"
        ),
        /// Loads the pitfall into the comparison at the top.
        CompareAtTop => ("Compare broken beside fixed at the top", "在页面顶部并排对比出错与修正的写法"),
        /// Closes the chosen scenario.
        Close => ("Close", "关闭"),
        /// An embedded scenario: each side's folded Python.
        Code => ("The Python", "Python 代码"),
        /// After a cut row.
        More => ("… and {n} more", "……还有 {n} 个"),
        /// Before the list of samples a number is about.
        Samples => ("samples:", "样本："),
        /// What a marked chip means.
        Legend => (
            "Chips with a heavy outline are the ones this pitfall is about.",
            "粗边框的方块就是这个坑所涉及的样本。"
        ),
        /// Above PyTorch's exception.
        PytorchRaises => ("PyTorch raises:", "PyTorch 抛出："),
        /// Above the exception one GPU's process raises while the others train.
        RaisesOnGpu => ("GPU {r}'s process raises:", "GPU {r} 的进程抛出："),
        /// When the core refused an example (a bug).
        CoreError => ("This example could not be computed: {error}", "无法计算这个示例：{error}"),
        /// The usual set-up.
        Setup => ("{n:# sample|# samples} on {w:# GPU|# GPUs}, batch size {b}.", "{n} 个样本，{w} 块 GPU，batch size 为 {b}。"),
        /// The resume scenario's set-up.
        SetupResume => (
            "{n:# sample|# samples} on {w:# GPU|# GPUs}, batch size {b}; the run crashes after {k:# batch|# batches} of epoch {e} and is restarted.",
            "{n} 个样本，{w} 块 GPU，batch size 为 {b}；在 epoch {e} 训练了 {k} 个 batch 后崩溃并重启。"
        ),
        /// Scenario 10's explanation.
        ExplainSplitBatches => (
            "With Accelerate, the same batch_size means two things. By default every GPU gets batches of batch_size, so one optimizer step sees batch_size × num_processes samples. With split_batches=True each batch is cut into one slice per GPU: every GPU gets batch_size / num_processes, one step sees batch_size, and an epoch takes more steps. Tuning the learning rate for one and running the other changes the effective batch.",
            "在 Accelerate 中，同一个 batch_size 有两种含义。默认情况下每块 GPU 拿到大小为 batch_size 的批次，所以一次优化步看到 batch_size × num_processes 个样本。split_batches=True 时每个批次被切成每块 GPU 一份：每块 GPU 只拿到 batch_size / num_processes 个，一步只看到 batch_size 个样本，一个 epoch 的步数也更多。按其中一种调好学习率却用另一种运行，等效批大小就变了。"
        ),
        /// Scenario 11's explanation.
        ExplainEvenBatches => (
            "Accelerate deals the loader's batches to the GPUs in turn. With even_batches=True (the default) the last round is completed with samples from the start of the epoch, so every GPU takes the same number of steps (a few samples twice). With even_batches=False some GPUs finish a step earlier; the next collective operation then waits for a GPU that will never join.",
            "Accelerate 把 DataLoader 的批次轮流分给各 GPU。even_batches=True（默认）时，最后一轮会用 epoch 开头的样本补齐，所以每块 GPU 的步数相同（少数样本会出现两次）。even_batches=False 时有的 GPU 少走一步；之后的集合通信会一直等待一块永远不会加入的 GPU。"
        ),
        /// Scenario 12's explanation.
        ExplainLightningEval => (
            "For validation Lightning hands each GPU a DistributedSampler(shuffle=False), which pads the split with copies from its start so that every GPU gets as many samples. Gathered metrics then count those samples twice. Lightning's UnrepeatedDistributedSampler (what it uses for prediction) pads nothing: GPUs differ by at most one sample and every sample counts once.",
            "验证时 Lightning 给每块 GPU 一个 DistributedSampler(shuffle=False)，它会用开头的样本填充，让每块 GPU 的样本数相同。汇总指标时这些样本就被算了两次。Lightning 的 UnrepeatedDistributedSampler（预测时使用）不做填充：各 GPU 最多相差一个样本，每个样本只算一次。"
        ),
        /// Scenario 13's explanation.
        ExplainStatefulResume => (
            "StatefulDataLoader.state_dict() records how many indices the StatefulDistributedSampler has yielded in the epoch, not which epoch it was. A new process that never calls set_epoch before iterating again skips that many indices of epoch 0's order: some samples of the crashed epoch are trained twice and others never. Call sampler.set_epoch(epoch) in the new process before iterating (before or after load_state_dict).",
            "StatefulDataLoader.state_dict() 记录的是 StatefulDistributedSampler 在本 epoch 已产出的索引个数，而不是哪个 epoch。新进程如果在重新迭代之前从未调用 set_epoch，跳过的是 epoch 0 顺序中的这些索引：崩溃的那个 epoch 里有的样本被训练两次，有的一次也没有。应在新进程开始迭代之前调用 sampler.set_epoch(epoch)（在 load_state_dict 之前或之后都可以）。"
        ),
        /// Scenario 14's explanation.
        ExplainIterableNoShard => (
            "PyTorch copies an IterableDataset into every worker process of every GPU, and each copy runs __iter__ from the start. A stream that does not split itself by get_worker_info() and by rank is read whole by each copy: every sample num_workers × num_replicas times per epoch.",
            "PyTorch 会把 IterableDataset 复制到每块 GPU 的每个 worker 进程中，每份副本都从头运行 __iter__。如果数据流没有按 get_worker_info() 和 rank 自行拆分，每份副本都会读完整个数据流：每个 epoch 每个样本被处理 num_workers × num_replicas 次。"
        ),
        /// Scenario 15's explanation.
        ExplainIterableSampler => (
            "A DistributedSampler hands out indices, but an IterableDataset is not indexed: it yields its own stream. PyTorch refuses the combination when the DataLoader is built. Split the stream inside __iter__ instead, by rank and by worker.",
            "DistributedSampler 分发的是索引，而 IterableDataset 不按索引访问：它自己产出数据流。构建 DataLoader 时 PyTorch 就会拒绝这种组合。应改为在 __iter__ 中按 rank 和 worker 拆分数据流。"
        ),
        /// Scenario 16's explanation.
        ExplainUnevenHang => (
            "Every training step ends in an all-reduce that needs every GPU. When GPUs get different numbers of batches (Lightning's UnrepeatedDistributedSampler used for training, Accelerate's even_batches=False, a stream sharded unevenly), the GPUs with one more batch start that step and wait for GPUs that have finished: the run stalls with no error until the collective's timeout kills it. DistributedSampler pads so that every GPU takes as many steps; torch.distributed.algorithms.Join handles uneven inputs.",
            "每个训练步都以需要所有 GPU 参与的 all-reduce 结束。当各 GPU 的批次数不同（把 Lightning 的 UnrepeatedDistributedSampler 用于训练、Accelerate 的 even_batches=False、数据流分片不均）时，多一个批次的 GPU 会开始这一步并等待已经结束的 GPU：训练无报错地卡住，直到集合通信超时将其终止。DistributedSampler 通过填充让每块 GPU 的步数相同；torch.distributed.algorithms.Join 可以处理不均匀的输入。"
        ),
        /// Scenario 17's explanation.
        ExplainWorkerSameSeed => (
            "Each worker process gets a copy of the dataset. PyTorch reseeds torch and random in every worker (base_seed + worker id, with base_seed drawn from the main process's generator each epoch), and NumPy's global np.random, but a generator object the dataset made in __init__, such as np.random.default_rng(0), is copied with its state: every worker draws the same \"random\" augmentations. Reseed it in a worker_init_fn from torch.initial_seed() and the rank (every rank seeded alike has the same base_seed).",
            "每个 worker 进程都会得到数据集的一份副本。PyTorch 会在每个 worker 中重新设置 torch 和 random 的种子（base_seed + worker id，base_seed 在每个 epoch 由主进程的生成器抽取），以及 NumPy 全局的 np.random，但数据集在 __init__ 中创建的生成器对象（如 np.random.default_rng(0)）会连同状态一起被复制：每个 worker 抽到相同的“随机”数据增强。应在 worker_init_fn 中用 torch.initial_seed() 和 rank 重新设置它（以相同种子启动的各 rank 有相同的 base_seed）。"
        ),
        /// Scenario 18's explanation.
        ExplainWeightedNoWrapper => (
            "WeightedRandomSampler knows nothing of GPUs: given to every process's DataLoader as it is, it draws num_samples indices on each GPU, a whole epoch each, and when the processes seed it alike (g.manual_seed(0), or seed_everything) every GPU draws the very same list. The epoch costs num_replicas times the work and the GPUs train on one batch stream. Wrap it in a distributed sampler (Lightning's DistributedSamplerWrapper) so that each GPU keeps its stripe of one list.",
            "WeightedRandomSampler 不知道有几块 GPU：原样交给每个进程的 DataLoader，它会在每块 GPU 上各抽 num_samples 个索引，各自一整个 epoch；如果各进程用相同的种子（g.manual_seed(0) 或 seed_everything），每块 GPU 抽到的列表完全相同。这个 epoch 的工作量变成 num_replicas 倍，而各 GPU 训练的是同一串 batch。应把它包进分布式 sampler（Lightning 的 DistributedSamplerWrapper），让每块 GPU 只取同一个列表中属于自己的条带。"
        ),
        /// Scenario 19's explanation.
        ExplainWeightedSeedPerRank => (
            "DistributedSamplerWrapper lists the weighted sampler in each process and keeps that process's stripe of its own list. The stripes fit together only when every process drew the same list: seeded with seed + rank, each GPU takes its stripe of a different draw, so even without replacement (a weighted shuffle, each sample once) some samples land on two GPUs and others on none. Seed the weighted sampler's generator alike in every process; the wrapper's own seed + epoch reshuffles it.",
            "DistributedSamplerWrapper 在每个进程中列出加权 sampler 的结果，再取本进程那份列表中属于自己的条带。只有各进程抽到同一个列表时，这些条带才能拼在一起：用 seed + rank 作种子时，每块 GPU 取的是不同抽样结果中的条带，所以即使不放回抽样（加权打乱，每个样本一次），也会有样本落在两块 GPU 上，另一些一块也没有。应在每个进程中用相同的种子设置加权 sampler 的生成器；包装器自己的 seed + epoch 会重新打乱它。"
        ),
        /// Scenario 20's explanation.
        ExplainMonaiEmptySlice => (
            "MONAI's DistributedWeightedRandomSampler first gives each rank its slice as DistributedSampler deals it, then draws by weight within that slice only. Without shuffling, the slices are the stripes rank::num_replicas of the dataset: with weights alternating 1 and 0, GPU 1's slice is all zero and its process raises torch.multinomial's error, alone, while GPU 0 trains on. Shuffled, each slice mixes the samples, and here every slice holds weight; with few samples of non-zero weight a slice can still weigh nothing by chance.",
            "MONAI 的 DistributedWeightedRandomSampler 先按 DistributedSampler 的方式给每个 rank 分一个切片，再只在这个切片内按权重抽样。不打乱时，切片就是数据集的条带 rank::num_replicas：权重为 1、0 交替时，GPU 1 的切片全为零，它的进程单独抛出 torch.multinomial 的错误，而 GPU 0 照常训练。打乱后每个切片混有各种样本，这里每个切片都有权重；但如果非零权重的样本很少，某个切片仍可能碰巧权重全为零。"
        ),

        /// Scenario 1's explanation.
        ExplainNoSetEpoch => (
            "DistributedSampler shuffles with seed + epoch as its seed. Without sampler.set_epoch(epoch) its epoch stays 0, so every epoch replays epoch 0's order on every GPU: the loss curve repeats a pattern. Call set_epoch at the start of each epoch.",
            "DistributedSampler 用 seed + epoch 作为随机种子来打乱。如果不调用 sampler.set_epoch(epoch)，它的 epoch 一直是 0，于是每个 epoch 在每块 GPU 上都重复 epoch 0 的顺序，loss 曲线会呈现重复的规律。应在每个 epoch 开始时调用 set_epoch。"
        ),
        /// Scenario 2's explanation.
        ExplainSeedPerRank => (
            "Every process must shuffle the same list and keep its own stripe of it. With seed=rank each process shuffles a different list, so the stripes overlap: some samples are trained on twice in an epoch and others never.",
            "每个进程必须打乱同一个列表，再各取其中属于自己的一份。用 seed=rank 时各进程打乱的是不同的列表，各自取的部分会重叠：一个 epoch 里有的样本被训练两次，有的一次也没有。"
        ),
        /// Scenario 3's explanation.
        ExplainEvalPadding => (
            "Without drop_last the sampler pads the list by repeating its start until every GPU has the same number of samples. Gather the predictions and concatenate them, and the padded samples are counted twice: the metric is computed over more predictions than the dataset has. Interleave the gathered predictions back into the sampler's order and keep the first len(dataset). That order is the dataset's only with shuffle=False, as in evaluation; with shuffling, gather each prediction's index too.",
            "不设 drop_last 时，sampler 会重复列表开头的样本来填充，使每块 GPU 分到的样本数相同。把各卡的预测收集起来直接拼接，被填充的样本就会被统计两次：指标所用的预测数比数据集的样本还多。应把收集到的预测按 sampler 的顺序交错还原，只保留前 len(dataset) 个。只有 shuffle=False（评估时通常如此）时，这个顺序才是数据集的顺序；若打乱了，还要把每个预测对应的索引一起收集。"
        ),
        /// Scenario 4's explanation.
        ExplainDropLast => (
            "The two drop_last do different things. On the DataLoader it only drops each GPU's short last batch: the sampler still pads (a sample may be repeated) and the samples of those short batches are skipped this epoch. On the sampler it trims the shuffled list so it divides evenly: no padding, a few samples left out (different ones each epoch).",
            "两个 drop_last 的作用不同。DataLoader 的 drop_last 只丢弃每块 GPU 最后一个不完整的 batch：sampler 依旧会填充（可能有样本被重复），而这些不完整 batch 中的样本在这一 epoch 里被跳过。sampler 的 drop_last 会截掉打乱后列表的尾部，使其能被整除：没有填充，只少用几个样本（每个 epoch 不同）。"
        ),
        /// Scenario 5's explanation.
        ExplainTinyDataset => (
            "With fewer samples than GPUs the padding is longer than the list, so the sampler repeats the whole list until every GPU has one sample: some samples are evaluated several times. drop_last=True is no way out: every GPU then gets nothing. Evaluate such a set on one process.",
            "样本数少于 GPU 数时，需要填充的长度超过列表本身，sampler 会把整个列表重复多遍，直到每块 GPU 都分到一个样本：有的样本会被评估好几次。drop_last=True 也不是办法：那样每块 GPU 都分不到样本。这样的小数据集应只在一个进程上评估。"
        ),
        /// Scenario 6's explanation.
        ExplainNoSampler => (
            "Without a DistributedSampler every GPU's DataLoader walks the whole dataset. Seeded alike, the GPUs even see the same batches in the same order: the work is multiplied by the number of GPUs and nothing is gained.",
            "不用 DistributedSampler 时，每块 GPU 的 DataLoader 都会遍历整个数据集。如果各进程的随机种子相同，各 GPU 甚至会以相同的顺序看到相同的 batch：计算量成倍增加，却没有任何收益。"
        ),
        /// Scenario 7's explanation.
        ExplainLengths => (
            "Three lengths: len(dataloader) is the steps per epoch on each GPU, len(dataloader.sampler) the samples each GPU gets, len(dataloader.dataset) the whole dataset. A well-known tutorial prints the dataset's length and calls it each process's samples.",
            "三个长度：len(dataloader) 是每块 GPU 每个 epoch 的步数，len(dataloader.sampler) 是每块 GPU 分到的样本数，len(dataloader.dataset) 是整个数据集的大小。一篇流传很广的教程打印的是数据集的长度，却说那是每个进程的样本数。"
        ),
        /// Scenario 8's explanation.
        ExplainResume => (
            "After a crash in the middle of an epoch, restore the epoch number and call set_epoch with it, then skip the batches already trained: the epoch ends exactly as it would have. If the epoch is not restored, the skipped batches come from another epoch's order, so some samples are trained twice and others never. Restarting the epoch from its start trains the first batches twice.",
            "在 epoch 中途崩溃后，应恢复 epoch 编号并用它调用 set_epoch，再跳过已经训练过的 batch：这个 epoch 会和没崩溃时完全一样地结束。如果没有恢复 epoch，跳过的是另一个 epoch 顺序中的 batch，于是有的样本被训练两次，有的一次也没有。从头重跑这个 epoch，则前几个 batch 会被训练两次。"
        ),
        /// Scenario 9's explanation.
        ExplainDoubleShuffle => (
            "When a sampler is given, the DataLoader leaves the order to it, so PyTorch refuses shuffle=True on the DataLoader as well. Shuffle in the sampler (it does by default) and leave the DataLoader's shuffle out.",
            "给了 sampler 之后，DataLoader 把顺序交给 sampler 决定，因此 PyTorch 不接受再给 DataLoader 传 shuffle=True。只在 sampler 中打乱（它默认就会打乱），DataLoader 不要写 shuffle。"
        ),

        /// A row: one rank.
        RowRank => ("rank {r}", "rank {r}"),
        /// A row whose process raised (its exception is shown above).
        RowRankRaised => ("rank {r}: its process raised", "rank {r}：进程已抛出异常"),
        /// A row: one rank in one epoch.
        RowEpochRank => ("epoch {e}, rank {r}", "epoch {e}，rank {r}"),
        /// A row: one rank with its own seed.
        RowRankSeed => ("rank {r}, seed={seed}", "rank {r}，seed={seed}"),
        /// A row: what a rank trained before the crash.
        RowBeforeCrash => ("rank {r}, before the crash", "rank {r}，崩溃前"),
        /// A row: what a rank trains after resuming.
        RowAfterResume => ("rank {r}, after resuming", "rank {r}，恢复后"),
        /// A row: the gathered predictions.
        RowGathered => ("gathered", "收集后"),
        /// A row: what the sampler's drop_last cut.
        RowSamplerDropped => ("cut by the sampler", "被 sampler 截掉"),

        /// A row: one worker and its generator's seed.
        RowWorkerSeed => ("GPU 0, worker {w}, rng seed {seed}", "GPU 0，worker {w}，rng 种子 {seed}"),
        /// Different seeds among the workers' generators.
        FactWorkerSeeds => ("different seeds among the workers' generators: {n}", "各 worker 生成器中不同种子的个数：{n}"),
        /// The loader's base seed.
        FactBaseSeed => ("the loader's base_seed this epoch (after torch.manual_seed(0)): {n}", "本 epoch DataLoader 的 base_seed（在 torch.manual_seed(0) 之后）：{n}"),
        /// Samples that two GPUs or more draw in one epoch.
        FactSeveralGpus => ("samples drawn on more than one GPU: {n}", "被不止一块 GPU 抽到的样本：{n} 个"),
        /// GPUs whose whole list is another GPU's.
        FactIdenticalLists => ("GPUs whose whole list is another GPU's: {n}", "整个列表与另一块 GPU 完全相同的 GPU：{n} 块"),
        /// How many GPUs' processes raise.
        FactRaised => ("GPUs whose process raises: {n}", "进程抛出异常的 GPU：{n} 块"),
        /// Samples trained in the epoch, over all GPUs.
        FactTrained => ("samples trained in the epoch, over all GPUs: {n}", "本 epoch 所有 GPU 合计训练的样本数：{n}"),
        /// GPUs left waiting at an all-reduce.
        FactWaiting => ("GPUs left waiting forever at an all-reduce: {n}", "在 all-reduce 处永远等待的 GPU：{n} 块"),
        /// Samples per GPU per step.
        FactPerGpuBatch => ("samples per GPU per step: {n}", "每块 GPU 每步的样本数：{n}"),
        /// Samples per optimizer step over all GPUs.
        FactEffectiveBatch => ("samples per optimizer step over all GPUs: {n}", "所有 GPU 合计每个优化步的样本数：{n}"),
        /// Fewest steps on one GPU.
        FactFewestSteps => ("fewest steps on one GPU: {n}", "单块 GPU 的最少步数：{n}"),
        /// Most steps on one GPU.
        FactMostSteps => ("most steps on one GPU: {n}", "单块 GPU 的最多步数：{n}"),
        /// Fewest samples on one GPU.
        FactFewestSamples => ("fewest samples on one GPU: {n}", "单块 GPU 的最少样本数：{n}"),
        /// Most samples on one GPU.
        FactMostSamples => ("most samples on one GPU: {n}", "单块 GPU 的最多样本数：{n}"),
        /// The picture cannot show the unrepeated sampler.
        NotInPictureUnrepeated => (
            "The picture below draws DistributedSampler; the comparison at the top draws this sampler.",
            "下方的图示绘制的是 DistributedSampler；页面顶部的对比可以绘制这个采样器。"
        ),
        /// Epochs that repeat epoch 0.
        FactRepeats => ("epochs after epoch 0 that repeat its order exactly: {n} of {of}", "epoch 0 之后与它顺序完全相同的 epoch：{of} 个中有 {n} 个"),
        /// The generator seeds over the epochs.
        FactGeneratorSeeds => ("different generator seeds (seed + epoch) over the epochs: {n} ({seeds})", "各 epoch 中不同的生成器种子（seed + epoch）：{n} 个（{seeds}）"),
        /// Samples never seen in the epoch.
        FactNeverSeen => ("samples never seen in the epoch: {n}", "这个 epoch 中从未用到的样本：{n} 个"),
        /// Samples seen more than once in the epoch.
        FactSeenTwice => ("samples seen more than once in the epoch: {n}", "这个 epoch 中用到不止一次的样本：{n} 个"),
        /// Restarting the epoch from its start.
        FactRestartTwice => ("restarting the epoch from its start instead, samples trained twice: {n}", "如果改为从头重跑这个 epoch，被训练两次的样本：{n} 个"),
        /// Predictions gathered.
        FactPredictions => ("predictions for {len:# sample|# samples}: {n}", "{len} 个样本得到的预测：{n} 个"),
        /// Samples counted twice in the metric.
        FactCountedTwice => ("samples counted twice in the metric: {n}", "在指标中被统计两次的样本：{n} 个"),
        /// What drop_last=True would give a tiny dataset.
        FactDropLastLen => ("samples per GPU with drop_last=True instead: {n}", "如果设 drop_last=True，每块 GPU 分到的样本：{n} 个"),
        /// Copies added by padding.
        FactPadding => ("copies added by padding: {n}", "填充添加的重复样本：{n} 个"),
        /// Most times one sample is processed.
        FactMostTimes => ("most times one sample is processed: {n}", "同一个样本最多被处理的次数：{n}"),
        /// Samples trimmed by the sampler.
        FactSamplerDropped => ("samples cut by the sampler: {n}", "被 sampler 截掉的样本：{n} 个"),
        /// Indices each rank's loader drops.
        FactLoaderDropped => ("samples per GPU dropped with the short last batch: {n}", "每块 GPU 随最后一个不完整 batch 丢弃的样本：{n} 个"),
        /// The epoch's total work.
        FactWork => ("samples processed in all, for a dataset of {len}: {n}", "数据集共 {len} 个样本，总共处理的样本：{n} 个"),
        /// Steps per epoch.
        FactSteps => ("steps per epoch on each GPU: {n}", "每块 GPU 每个 epoch 的步数：{n}"),
        /// Batches identical on every rank.
        FactIdenticalBatches => ("batches identical on every GPU: {n} of {of}", "在每块 GPU 上完全相同的 batch：{of} 个中有 {n} 个"),
        /// len(dataloader).
        FactLoaderLen => ("len(dataloader) = {n}: the steps per epoch", "len(dataloader) = {n}，即每个 epoch 的步数"),
        /// len(dataloader.sampler).
        FactSamplerLen => ("len(dataloader.sampler) = {n}: the samples on each GPU", "len(dataloader.sampler) = {n}，即每块 GPU 的样本数"),
        /// len(dataloader.dataset).
        FactDatasetLen => ("len(dataloader.dataset) = {n}: the whole dataset", "len(dataloader.dataset) = {n}，即整个数据集的样本数"),
        /// What the tutorial printed.
        FactPrintedAsShare => ("printed as this process's samples: {n}, the whole dataset", "被当作本进程样本数打印出来的是 {n}，其实是整个数据集"),
        /// What each process really gets.
        FactActualShare => ("what each GPU really gets: {n}", "每块 GPU 实际分到的：{n}"),
    }
}
