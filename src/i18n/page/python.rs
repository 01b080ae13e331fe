//! The comments of the Python script in the code panel (its code and output stay as they are).

texts! {
    /// The script's comments and docstring.
    pub enum PythonText {
        /// The dataset's docstring.
        Docstring => (
            "A dataset of {n:# sample|# samples} whose item i is the index i itself.",
            "一个有 {n} 个样本的数据集，第 i 项就是索引 i 本身。",
        ),
        /// After `epoch = ...`.
        EpochShown => ("the epoch shown", "页面上显示的 epoch"),
        /// Above the sampler loop.
        WithSampler => (
            "With DistributedSampler: every rank is its own process; here they run one after another.",
            "使用 DistributedSampler：每个 rank 本是一个独立进程；这里让它们依次运行。",
        ),
        /// After `sampler.set_epoch(e)`.
        NewOrder => ("a new order every epoch", "每个 epoch 换一个新顺序"),
        /// Instead of `set_epoch`.
        NeverCalled => (
            "sampler.set_epoch(e) is never called: every epoch repeats epoch 0",
            "从未调用 sampler.set_epoch(e)：每个 epoch 都重复 epoch 0",
        ),
        /// Above the no-sampler loop.
        WithoutSampler => (
            "Without a sampler: every rank walks the whole dataset.",
            "不使用采样器：每个 rank 都遍历整个数据集。",
        ),
        /// After `torch.manual_seed(...)`, seeded alike.
        SameSeed => ("the same seed in every process", "每个进程用同一个种子"),
        /// After `torch.manual_seed(...)`, unseeded.
        OsSeed => (
            "stands in for the seed the OS gave each process",
            "代替操作系统给每个进程的种子",
        ),
        /// Unseeded, when the seeds could not be simulated.
        Unseeded => (
            "unseeded: each process gets its seed from the OS",
            "未设置种子：每个进程的种子来自操作系统",
        ),
    }
}
