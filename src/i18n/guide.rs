//! The guided walk-through of the story: step 1 stage by stage (one short explanation per
//! stage, with this configuration's numbers), then the story's other steps.

texts! {
    /// What the walk-through says.
    pub enum GuideText {
        /// The walk-through's heading.
        Heading => ("Walk-through", "分步讲解"),
        /// The button that opens it.
        Start => ("Walk me through it, step by step", "带我一步步看"),
        /// Closes it.
        Close => ("Close the walk-through", "关闭讲解"),
        /// Previous step.
        Back => ("Back", "上一步"),
        /// Next step.
        Next => ("Next", "下一步"),
        /// On the last step, instead of Next.
        Done => ("Done", "完成"),
        /// Above the explanation.
        StepOf => ("Step {k} of {all}", "第 {k} 步，共 {all} 步"),
        /// Above the explanation, in step 1 told stage by stage.
        StepStageOf => ("Step {k} of {all}, stage {s} of {stages}", "第 {k} 步（共 {all} 步），第 {s} 阶段（共 {stages} 个）"),
        /// The stepper's label for screen readers.
        Steps => ("Steps of the walk-through", "讲解步骤"),
        /// The stages of step 1 in the stepper, for screen readers.
        Stages => ("Stages of step 1", "第 1 步的各阶段"),
        /// Step 1's title.
        IndicesTitle => ("The dataset's positions", "数据集的位置编号"),
        /// Step 1, a dataset of `n` samples.
        Indices => (
            "The sampler never looks at the data, only at how many samples there are: positions 0 to {last}, {n} in all. Every GPU starts from this same list.",
            "采样器从不读取数据本身，只关心样本有多少：位置 0 到 {last}，共 {n} 个。每块 GPU 都从这同一个列表出发。"
        ),
        /// Step 1, an empty dataset.
        IndicesEmpty => (
            "An empty dataset: there is no position to hand out, so every rank gets nothing.",
            "空数据集：没有任何位置可以分配，每个 rank 都拿不到样本。"
        ),
        /// Step 2's title.
        ShuffleTitle => ("One shuffle, the same on every GPU", "一次打乱，所有 GPU 完全相同"),
        /// Step 2 with shuffling.
        Shuffle => (
            "{w:The one process|Each of the # processes} seeds its own generator with seed + epoch = {seed} and draws the same permutation, so no GPU has to tell another anything. A new epoch (through set_epoch) means a new seed and a new order; without set_epoch the seed, and so the order, never changes.",
            "{w} 个进程各自用 seed + epoch = {seed} 给自己的生成器设种子，抽出完全相同的排列，因此 GPU 之间无需任何通信。换一个 epoch（通过 set_epoch）就换了种子、换了顺序；不调用 set_epoch，种子和顺序就永远不变。"
        ),
        /// Step 2 without shuffling.
        ShuffleOff => (
            "shuffle=False: the list keeps the dataset's order, every epoch. Only the split between GPUs happens.",
            "shuffle=False：列表保持数据集原来的顺序，每个 epoch 都一样，只做 GPU 之间的切分。"
        ),
        /// Step 3's title.
        PadTitle => ("Make the list divide evenly", "让列表能被均分"),
        /// Step 3 when nothing is added or cut.
        PadNone => (
            "{n} divides by num_replicas = {w}, so nothing is added or cut: total_size = {total}.",
            "{n} 能被 num_replicas = {w} 整除，所以不补也不截：total_size = {total}。"
        ),
        /// Step 3 with padding.
        Pad => (
            "{n} does not divide by num_replicas = {w}. To give every GPU the same number of samples, the sampler pads the list with copies from its start (dashed) up to total_size = {total}: padding_size = {padding}. Those samples are processed more than once this epoch; in validation they are counted more than once.",
            "{n} 不能被 num_replicas = {w} 整除。为了让每块 GPU 分到同样多的样本，采样器从列表开头复制索引补到末尾（虚线框），直到 total_size = {total}：padding_size = {padding}。这些样本在本 epoch 中会被处理不止一次；在验证时它们会被重复计数。"
        ),
        /// Step 3 with drop_last cutting the tail.
        Trim => (
            "drop_last=True: instead of padding, the sampler cuts the list down to total_size = {total}, which divides by {w}; the tail it cuts (struck through, {dropped} in all) is not seen this epoch.",
            "drop_last=True：采样器不补齐，而是把列表截到 total_size = {total}，使其能被 {w} 整除；被截掉的末尾（删除线，共 {dropped} 个）本 epoch 不会被用到。"
        ),
        /// Step 3 with drop_last, added when each epoch shuffles anew.
        TrimChanges => (
            "With set_epoch, the next epoch's shuffle cuts other samples, so over many epochs none is left out for good.",
            "调用 set_epoch 时，下一个 epoch 的打乱会截掉别的样本，所以多个 epoch 下来不会有样本一直被漏掉。"
        ),
        /// Step 3 with drop_last, added when the order never changes.
        TrimSame => (
            "Here the order is the same every epoch, so the same samples are cut every epoch and never trained on.",
            "这里每个 epoch 的顺序都一样，所以每个 epoch 截掉的都是同样的样本，它们永远不会被训练到。"
        ),
        /// Step 4's title.
        StripeTitle => ("GPU r takes every num_replicas-th index from position r", "GPU r 从位置 r 起每隔 num_replicas 个取一个"),
        /// Step 4.
        Stripe => (
            "Rank r keeps positions r, r + {w}, r + {w2}, …: len(sampler) = {each} for every rank. The ranks never share an index (padding aside) and together cover the whole list, so {w:the # GPU does|the # GPUs split} one epoch's work instead of repeating it.",
            "rank r 取第 r、r + {w}、r + {w2}、… 个位置：每个 rank 都是 len(sampler) = {each}。各 rank 之间互不重叠（填充除外），合起来正好覆盖整个列表，于是 {w} 块 GPU 分担一个 epoch 的工作，而不是各做一遍。"
        ),
        /// Step 5's title.
        BatchTitle => ("The DataLoader cuts each rank's list into batches", "DataLoader 把每个 rank 的列表切成批次"),
        /// Step 5.
        Batch => (
            "Each rank's DataLoader reads its own list (len(sampler) = {each}) in order, batch_size = {size} at a time: len(loader) = {steps} per epoch. That is the number of steps your progress bar shows, not len(dataset) = {n}.",
            "每个 rank 的 DataLoader 按顺序读取自己的列表（len(sampler) = {each}），每次 batch_size = {size} 个：每个 epoch len(loader) = {steps}。这才是进度条显示的步数，而不是 len(dataset) = {n}。"
        ),
        /// Step 5, added when the loader drops a short last batch.
        BatchDropped => (
            "DataLoader(drop_last=True) then drops the short last batch on every rank (struck through): {lost} per rank {lost:goes|go} unused this epoch.",
            "DataLoader(drop_last=True) 还会在每个 rank 上丢掉最后那个不满的批次（删除线）：每个 rank 有 {lost} 个索引本 epoch 用不到。"
        ),
    }
}
