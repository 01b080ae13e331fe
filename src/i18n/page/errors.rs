//! What the page says about a value it cannot use: its own messages, and the plain rule beside
//! each of PyTorch's errors (PyTorch's messages themselves stay in English, as Python prints them).

texts! {
    /// Error messages the page makes, and the rules behind every error.
    pub enum ErrorText {
        /// A field that takes any whole number.
        NotWhole => (
            "{field} must be a whole number; got \"{got}\".",
            "{field} 必须是整数；收到的是 \"{got}\"。",
        ),
        /// A field that takes a whole number from a minimum up.
        NotWholeAtLeast => (
            "{field} must be a whole number, {min} or more; got \"{got}\".",
            "{field} 必须是不小于 {min} 的整数；收到的是 \"{got}\"。",
        ),
        /// A field that takes a whole number in a range.
        NotWholeBetween => (
            "{field} must be a whole number from {min} to {max}; got \"{got}\".",
            "{field} 必须是 {min} 到 {max} 之间的整数；收到的是 \"{got}\"。",
        ),
        /// A checkbox's value in the URL, with every spelling of `model::FLAG_SPELLINGS`.
        NotFlag => (
            "{field} is a flag, 0 or 1 (also false or true, False or True); got \"{got}\".",
            "{field} 是开关，只能是 0 或 1（也可写作 false 或 true、False 或 True）；收到的是 \"{got}\"。",
        ),
        /// The no-sampler side's seeding.
        NotSeeding => (
            "seeding is either alike or unseeded.",
            "seeding 只能是 alike 或 unseeded。",
        ),
        /// The sampler Lightning's wrapper wraps.
        NotInner => (
            "inner is either sequential or random.",
            "inner 只能是 sequential 或 random。",
        ),
        /// This tool's cap on the draws to reach an epoch (not the library's).
        EpochTooFar => (
            "This set-up's generator runs on from epoch to epoch, so every earlier epoch is drawn again to reach this one: at this len(dataset) the page goes up to epoch {max} (the library has no such limit).",
            "该方案的随机数生成器跨 epoch 连续使用，要到达这个 epoch 必须重新生成之前的每个 epoch：在此 len(dataset) 下本页面最多到 epoch {max}（库本身没有这个限制）。",
        ),
        /// A scheme the story's part deals (`model::scheme::remote`), while that part loads.
        SchemeLoading => (
            "Loading this scheme…",
            "正在加载该方案…",
        ),
        /// A scheme the story's part deals, when that part could not be loaded.
        SchemeNotLoaded => (
            "This scheme could not be loaded ({why}). Picking a scheme again tries once more.",
            "该方案无法加载（{why}）。重新选择一个方案即可再试一次。",
        ),
        /// The page's cap on ranks.
        TooManyRanks => (
            "This page draws at most {max} ranks (PyTorch has no such limit).",
            "本页面最多绘制 {max} 个 rank（PyTorch 本身没有这个限制）。",
        ),
        /// This tool's cap on per-rank lists in all (not PyTorch's).
        TooManyIndices => (
            "Here each rank draws its own list: this page draws at most {max} indices in all (len(dataset) × num_replicas); PyTorch has no such limit.",
            "这里每个 rank 各自生成自己的列表：本页面总共最多绘制 {max} 个索引（len(dataset) × num_replicas）；PyTorch 本身没有这个限制。",
        ),
        /// A scheme the scoreboard leaves out at this size (the comparison deals it).
        NotDealtHere => (
            "Not dealt here: its epoch takes {draws:# draw|# draws}, more than this table deals at once ({max}). Compare it to see its lanes.",
            "此处未分配：它的一个 epoch 需要 {draws} 次抽取，超过此表一次处理的上限（{max}）。加入对比即可查看其分配。",
        ),
        /// This tool's cap on `len(dataset)` (not PyTorch's).
        DatasetTooLarge => (
            "len(dataset) = {n} is over this tool's limit of {max} samples",
            "len(dataset) = {n} 超出了本工具 {max} 个样本的上限",
        ),
        /// This tool's cap on the padded list (not PyTorch's).
        TotalSizeTooLarge => (
            "the padded index list would hold {total_size} indices, over this tool's limit of {max}",
            "填充后的索引列表将有 {total_size} 个索引，超出了本工具 {max} 的上限",
        ),
        /// This tool's check on batches taken before a save (Python's `next` would stop).
        ConsumedBeyondEpoch => (
            "{consumed:# batch|# batches} cannot be taken before the save: the epoch has {len}",
            "保存前无法取出 {consumed} 个批次：这个 epoch 只有 {len} 个",
        ),
        /// Rule: Accelerate's `split_batches` with a batch size the processes do not divide.
        RuleSplitBatches => (
            "With split_batches=True every batch is cut into one slice per process, so batch_size must be a multiple of num_processes.",
            "split_batches=True 时每个批次会被切成每个进程一份，所以 batch_size 必须是 num_processes 的整数倍。",
        ),
        /// Rule: `UnrepeatedDistributedSampler` with a rank left empty.
        RuleUnrepeatedEmpty => (
            "UnrepeatedDistributedSampler gives every rank at least one sample: len(dataset) must be 0 or at least num_replicas.",
            "UnrepeatedDistributedSampler 要求每个 rank 至少有一个样本：len(dataset) 必须为 0 或不小于 num_replicas。",
        ),
        /// Rule: more batches before the save than the epoch has.
        RuleConsumed => (
            "The save happens inside the epoch: consumed counts batches already trained, from 0 up to len(loader).",
            "保存发生在 epoch 之中：consumed 是已经训练过的批次数，从 0 到 len(loader)。",
        ),
        /// Rule: a sampler for an `IterableDataset`.
        RuleIterableSampler => (
            "An IterableDataset decides its own order, so a DataLoader takes no sampler for it: shard the stream in __iter__ by rank and by get_worker_info() instead. (0x… stands for the sampler's memory address, different on every run.)",
            "IterableDataset 自己决定顺序，所以 DataLoader 不接受为它指定 sampler：应在 __iter__ 中按 rank 和 get_worker_info() 对数据流分片。（0x… 代表 sampler 的内存地址，每次运行都不同。）",
        ),
        /// Rule: `num_workers < 0`.
        RuleNumWorkers => (
            "num_workers counts the loader's worker processes: 0 loads in the main process, and it cannot be negative.",
            "num_workers 是 DataLoader 的工作进程数：0 表示在主进程中加载，不能为负数。",
        ),
        /// The sharding of the iterable dataset.
        NotSharding => (
            "sharding is none, worker or rank_and_worker.",
            "sharding 只能是 none、worker 或 rank_and_worker。",
        ),
        /// The weighted samplers' weights.
        NotWeights => (
            "weights is imbalanced, uniform, or up to {max} numbers separated by commas (repeated over the dataset).",
            "weights 可取 imbalanced、uniform，或最多 {max} 个以逗号分隔的数（在数据集上循环重复）。",
        ),
        /// A weighted sampler's `num_samples`.
        NotNumSamples => (
            "num_samples is len (len(weights)) or a number.",
            "num_samples 可取 len（即 len(weights)）或一个数。",
        ),
        /// How each process seeds its weighted sampler.
        NotGenerator => (
            "generator is alike, per_rank, global_alike or global_per_rank.",
            "generator 只能是 alike、per_rank、global_alike 或 global_per_rank。",
        ),
        /// Rule: `num_replicas <= 0`.
        RuleReplicas => (
            "num_replicas is the number of processes (GPUs) and must be at least 1. PyTorch checks it through rank, which must lie between 0 and num_replicas - 1: below 1 no rank can.",
            "num_replicas 是进程（GPU）的数量，至少为 1。PyTorch 通过 rank 检查它：rank 必须在 0 到 num_replicas - 1 之间，num_replicas 小于 1 时没有可用的 rank。",
        ),
        /// Rule: `rank` outside `0 ..= num_replicas - 1`.
        RuleRank => (
            "rank numbers one process among num_replicas, so it must be between 0 and num_replicas - 1.",
            "rank 是 num_replicas 个进程中某一个的编号，所以必须在 0 到 num_replicas - 1 之间。",
        ),
        /// Rule: `seed + epoch` beyond 64 bits.
        RuleSeed => (
            "The generator is seeded with seed + epoch, which must fit in 64 bits: from -2^63 up to 2^64 - 1.",
            "随机数生成器的种子是 seed + epoch，它必须能放进 64 位：从 -2^63 到 2^64 - 1。",
        ),
        /// Rule: `batch_size <= 0`.
        RuleBatchSize => (
            "batch_size is how many indices go in one batch and must be at least 1.",
            "batch_size 是每个批次包含的索引数，至少为 1。",
        ),
        /// Rule: `DataLoader(sampler=..., shuffle=True)`.
        RuleSamplerShuffle => (
            "When a sampler is given, it decides the order: pass shuffle to the sampler, not to the DataLoader.",
            "传入 sampler 后，顺序由 sampler 决定：应把 shuffle 传给 sampler，而不是 DataLoader。",
        ),
        /// Rule: `RandomSampler` on an empty dataset.
        RuleEmptyDataset => (
            "Shuffling needs at least one sample: RandomSampler refuses an empty dataset.",
            "打乱至少需要一个样本：RandomSampler 不接受空数据集。",
        ),
        /// This tool's cap on weighted draws per epoch (not the library's).
        TooManyDraws => (
            "{num_samples} weighted draws per epoch are over this tool's limit of {max}",
            "每个 epoch {num_samples} 次加权抽样超出了本工具 {max} 次的上限",
        ),
        /// Rule: `num_samples` (or MONAI's `num_samples_per_rank`) not a positive whole number.
        RuleWeightedNumSamples => (
            "num_samples is how many indices a weighted sampler draws each epoch (per rank for MONAI's): a whole number, at least 1.",
            "num_samples 是加权采样器每个 epoch 抽取的索引数（MONAI 的采样器按每个 rank 计）：必须是整数，至少为 1。",
        ),
        /// Rule: weights that `torch.multinomial` cannot draw from.
        RuleWeights => (
            "weights is one number per sample, at most 2^24 of them: none negative, none inf or nan.",
            "weights 是每个样本一个数，最多 2^24 个：不能为负，也不能是 inf 或 nan。",
        ),
        /// Rule: more samples without replacement than there are weights.
        RuleWithoutReplacement => (
            "Without replacement each index is drawn at most once, so num_samples cannot exceed the number of weights.",
            "不放回抽样时每个索引最多被抽到一次，所以 num_samples 不能超过 weights 的个数。",
        ),
        /// Rule: weights that add up to nothing (for MONAI, a rank's slice).
        RuleZeroWeight => (
            "torch.multinomial needs some weight to draw from: these weights (for MONAI, those of this rank's slice) are all zero.",
            "torch.multinomial 需要有权重才能抽样：这些权重（对 MONAI 来说是该 rank 分片中的权重）全为 0。",
        ),
        /// Rule: MONAI's `even_divisible=False` on fewer samples than ranks.
        RuleMonaiShort => (
            "With even_divisible=False MONAI pads nothing and gives every rank at least one sample: len(dataset) must be at least num_replicas.",
            "even_divisible=False 时 MONAI 不做填充，并让每个 rank 至少有一个样本：len(dataset) 必须不小于 num_replicas。",
        ),
        /// Rule: this tool's size cap.
        RuleToolLimit => (
            "PyTorch would accept this, but a browser tab cannot hold it: this tool draws at most {max} indices.",
            "PyTorch 可以接受这个值，但一个浏览器标签页放不下：本工具最多绘制 {max} 个索引。",
        ),
    }
}
