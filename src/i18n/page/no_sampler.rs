//! The no-sampler side and the cost of each set-up.

texts! {
    /// What the no-sampler panel and the cost say.
    pub enum NoSamplerText {
        /// The panel's heading, and the cost's row.
        Title => ("Without a sampler", "不使用采样器"),
        /// What the panel simulates; `{shuffle}` is the sampler's `shuffle`, which the side is
        /// computed with (`loader_shuffle` is for a `DataLoader` beside a sampler only).
        Explain => (
            "{w:In one process|In each of # processes}, DataLoader(dataset, batch_size={size}, shuffle={shuffle}): every GPU walks the whole dataset. Without a sampler the DataLoader shuffles by itself: its shuffle= here is the shuffle option (the one DistributedSampler takes), not loader_shuffle, which is for a DataLoader beside a sampler.",
            "{w} 个进程各自运行 DataLoader(dataset, batch_size={size}, shuffle={shuffle})：每块 GPU 都遍历整个数据集。没有采样器时由 DataLoader 自己打乱：这里的 shuffle= 取 shuffle 选项（即 DistributedSampler 所用的那个），而不是 loader_shuffle，后者用于与采样器一起的 DataLoader。",
        ),
        /// The seeding select's label.
        EachProcess => ("Each process", "每个进程"),
        /// Seeding option.
        Alike => ("calls torch.manual_seed(manual_seed)", "调用 torch.manual_seed(manual_seed)"),
        /// Seeding option.
        Unseeded => ("never seeds (the OS picks its seed)", "从不设置种子（由操作系统决定种子）"),
        /// Identical orders.
        SameBatches => (
            "Every GPU gets the same batches in the same order.",
            "每块 GPU 以相同的顺序拿到相同的批次。",
        ),
        /// Unseeded orders.
        OwnOrder => (
            "Each GPU walks the whole dataset in its own order.",
            "每块 GPU 按各自的顺序遍历整个数据集。",
        ),
        /// Otherwise.
        WholeDataset => ("Each GPU walks the whole dataset.", "每块 GPU 都遍历整个数据集。"),
        /// Before the seeds.
        Seeds => ("torch.initial_seed() per rank: ", "每个 rank 的 torch.initial_seed()："),
        /// The cost's heading.
        CostTitle => ("Work per epoch, all GPUs together", "每个 epoch 的工作量（所有 GPU 合计）"),
        /// Visits past the counting cap.
        NotCounted => ("not counted at this size", "此规模下不统计"),
        /// The cost's conclusion.
        CostNote => (
            "Without a sampler {w:the # GPU does|the # GPUs together do} {w}× the work of one epoch.",
            "不使用采样器时，{w} 块 GPU 合计做了一个 epoch {w} 倍的工作量。",
        ),
        /// Samples never processed.
        Never => ("{count:# sample|# samples} never", "{count} 个样本从未被处理"),
        /// Samples processed once.
        Once => ("{count:# sample|# samples} once", "{count} 个样本各处理 1 次"),
        /// Samples processed twice.
        Twice => ("{count:# sample|# samples} twice", "{count} 个样本各处理 2 次"),
        /// Samples processed more often.
        Times => ("{count:# sample|# samples} {t} times", "{count} 个样本各处理 {t} 次"),
        /// Joins the counts.
        Comma => (", ", "，"),
        /// The counts and their total.
        Visits => ("{parts} ({total:# time|# times} a sample is processed)", "{parts}（共 {total} 次样本处理）"),
    }
}
