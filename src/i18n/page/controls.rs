//! The controls: their group legends, labels that are not plain PyTorch names, and presets.

texts! {
    /// What the controls say.
    pub enum ControlText {
        /// The controls' accessible name.
        Configuration => ("Configuration", "参数配置"),
        /// Preset: the classic toy example.
        PresetToy => ("8 samples, 2 GPUs, batch 4", "8 个样本，2 块 GPU，batch_size 4"),
        /// Preset: a second toy example.
        PresetSmall => ("16 samples, 2 GPUs, batch 2", "16 个样本，2 块 GPU，batch_size 2"),
        /// Preset: CIFAR-10.
        PresetCifar => ("CIFAR-10 train: 50,000 on 2 GPUs", "CIFAR-10 训练集：50,000 个样本，2 块 GPU"),
        /// Preset: ImageNet-1k.
        PresetImagenet => (
            "ImageNet-1k train: 1,281,167 on 8 GPUs",
            "ImageNet-1k 训练集：1,281,167 个样本，8 块 GPU",
        ),
        /// Preset: two classes, 90 % and 10 %, weighted to balance them.
        PresetImbalanced => (
            "Class imbalance: 20 samples, 90 % of one class, weights 1/count",
            "类别不平衡：20 个样本，90 % 属于同一类，权重为 1/类别样本数",
        ),
        /// The rank field's label.
        RankLabel => ("rank (highlighted)", "rank（高亮显示）"),
        /// The training loop's group.
        TrainingLoop => ("Training loop", "训练循环"),
        /// The epoch stepper's buttons.
        PreviousEpoch => ("previous epoch", "上一个 epoch"),
        /// The epoch stepper's buttons.
        NextEpoch => ("next epoch", "下一个 epoch"),
        /// The no-sampler side's OS seed field.
        OsEntropy => ("simulated OS entropy", "模拟的操作系统熵"),
    }
}
