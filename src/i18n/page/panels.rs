//! The code panel, the share panel, the embed's footer and the panic banner. Backticks mark
//! code, which the page sets in `<code>`.

texts! {
    /// What the panels at the page's end say.
    pub enum PanelText {
        /// The embedded frame's accessible title (`<iframe title>`).
        IframeTitle => (
            "{what}: {n:# sample|# samples} on {w:# GPU|# GPUs}, seed {seed}, epoch {epoch} (sampler-viz)",
            "{what}：{n} 个样本，{w} 块 GPU，seed {seed}，epoch {epoch}（sampler-viz）",
        ),
        /// The `<iframe>`'s title for a pitfall's embed.
        PitfallIframeTitle => (
            "{title}: broken beside fixed (sampler-viz)",
            "{title}：出错与修正并排（sampler-viz）",
        ),
        /// After a copy.
        Copied => ("Copied.", "已复制。"),
        /// A refused copy of the code.
        CodeRefused => (
            "The browser refused the clipboard: select the code and copy it by hand.",
            "浏览器拒绝访问剪贴板：请选中代码后手动复制。",
        ),
        /// A refused copy of a field.
        TextRefused => (
            "The browser refused the clipboard: select the text and copy it by hand.",
            "浏览器拒绝访问剪贴板：请选中文本后手动复制。",
        ),
        /// The code panel's heading.
        CodeTitle => ("The Python behind this picture", "生成这张图的 Python 代码"),
        /// What the script does.
        CodeExplain => (
            "Run it with the library it names (no GPU needed): it prints what each GPU processes this epoch, as the lanes and tables above show it.",
            "用它所用的库运行即可（无需 GPU）：它会打印本 epoch 每块 GPU 处理的样本，与上方的泳道和表格一致。",
        ),
        /// The code panel's button.
        CopyCode => ("Copy the code", "复制代码"),
        /// The share panel's heading.
        ShareTitle => ("Share, embed, download", "分享、嵌入、下载"),
        /// The link's label.
        Link => ("Link to this view", "此视图的链接"),
        /// The link's button.
        CopyLink => ("Copy link", "复制链接"),
        /// The embed code's label.
        EmbedCode => ("Embed code", "嵌入代码"),
        /// The embed code's button.
        CopyEmbed => ("Copy embed code", "复制嵌入代码"),
        /// How embedding works.
        EmbedExplain => (
            "The embed shows the comparison, the controls, the lengths, the pipeline, the tables and the timeline. Add `hide=` to this page's URL with any control's name in the URL (`hide=seed,drop_last`), `controls`, `compare`, `lengths`, `pipeline`, `stage`, `no_sampler`, `timeline` or `tables` to leave parts out; the embed code follows. Framed, the page posts `{type: \"sampler-viz:height\", height}` to its parent whenever its height changes, and answers `{type: \"sampler-viz:get-height\"}` with it.",
            "嵌入视图包含对比、参数控件、各项长度、流水线、索引表和 epoch 时间线。在本页 URL 中加上 `hide=`，取值为任一控件在 URL 中的名称（`hide=seed,drop_last`）或 `controls`、`compare`、`lengths`、`pipeline`、`stage`、`no_sampler`、`timeline`、`tables`，即可隐藏相应部分，嵌入代码会随之更新。被嵌入时，页面每当高度变化都会向父页面发送 `{type: \"sampler-viz:height\", height}`，收到 `{type: \"sampler-viz:get-height\"}` 时也会回复它。",
        ),
        /// A saved download.
        Saved => ("Saved {name}.", "已保存 {name}。"),
        /// A refused download.
        SaveRefused => ("The browser refused to save {name}.", "浏览器拒绝保存 {name}。"),
        /// A download under way (the story's part writes the file, loading first if need be).
        Writing => ("Writing {name}…", "正在生成 {name}…"),
        /// A download whose file the story's part writes, when that part could not be loaded.
        SaveMissing => (
            "{name} could not be written: the part of the page that writes it could not be loaded.",
            "无法生成 {name}：负责生成它的页面部分无法加载。",
        ),
        /// Downloads cut short.
        DownloadCut => (
            " At this size they list each rank's first {listed} of {all} indices.",
            "在此规模下，只列出每个 rank {all} 个索引中的前 {listed} 个。",
        ),
        /// Button.
        DownloadCsv => ("Download CSV", "下载 CSV"),
        /// Button.
        DownloadJson => ("Download JSON", "下载 JSON"),
        /// What the files hold.
        DownloadExplain => (
            "CSV: one row per index, `rank,position,index,batch`. JSON: the configuration in PyTorch's argument names, each rank's indices and batches, and without a sampler each rank's first 2,000 indices, as the table shows them.",
            "CSV：每个索引一行，列为 `rank,position,index,batch`。JSON：以 PyTorch 参数名表示的配置、每个 rank 的索引和批次，以及不使用采样器时每个 rank 的前 2,000 个索引（与表格所示一致）。",
        ),
        /// The embed's link to the full page.
        OpenFull => ("Open this view in sampler-viz", "在 sampler-viz 中打开此视图"),
        /// For screen readers, after that link.
        NewTab => (" (new tab)", "（新标签页）"),
        /// The embed's last words.
        EmbedFooter => (
            " · every index computed as PyTorch 2.15 computes it",
            " · 每个索引都按 PyTorch 2.15 的方式计算",
        ),
        /// Under the embed code while a pitfall is open.
        EmbedPitfall => (
            "With a pitfall open, this code embeds that pitfall alone, broken beside fixed; close it to embed the picture.",
            "打开某个坑时，这段代码只嵌入这个坑（出错与修正并排）；关闭它即可嵌入下方的图。"
        ),
        /// An embed asked for the walk-through, which only the full page has.
        EmbedNoGuide => (
            "The walk-through (guide=1) is on the full page: open this view there with the link at the bottom.",
            "分步讲解（guide=1）只在完整页面中提供：请用底部的链接在完整页面中打开此视图。"
        ),
        /// `embed=` or `guide=` with a value that is not a flag.
        NoticeNotFlag => (
            "{name}=\"{got}\" was ignored: {name} is a flag, 0 or 1 (also false or true, False or True).",
            "已忽略 {name}=\"{got}\"：{name} 是开关，只能是 0 或 1（也可写作 false 或 true、False 或 True）。"
        ),
        /// `speed=` that the epoch play does not offer.
        NoticeUnknownSpeed => (
            "speed=\"{got}\" was ignored: the epochs play at {speeds} times their usual speed.",
            "已忽略 speed=\"{got}\"：epoch 的播放速度只能是常速的 {speeds} 倍。"
        ),
        /// `present=1` in an embed.
        NoticePresentFullPage => (
            "Present mode (present=1) is on the full page: open this view there with the link at the bottom.",
            "演示模式（present=1）只在完整页面中提供：请用底部的链接在完整页面中打开此视图。"
        ),
        /// A `hide=` item that names nothing.
        NoticeUnknownHide => (
            "hide=\"{item}\" was ignored: it names no control or section of the page.",
            "已忽略 hide=\"{item}\"：页面上没有这个名字的控件或部分。"
        ),
        /// A pitfall's embed given parameters it does not use.
        NoticePitfallExample => (
            "This pitfall shows its own example, so these parts of the link are not used here: {names}. The full page draws them.",
            "这个坑使用它自己的示例，因此链接中的这些部分在这里不起作用：{names}。完整页面会按它们绘制。"
        ),
        /// `guide=1` beside `hide=pipeline`.
        NoticeGuideNeedsPipeline => (
            "The walk-through (guide=1) explains the pipeline, which hide=pipeline leaves out, so it is left out too.",
            "分步讲解（guide=1）讲的是流水线，而 hide=pipeline 隐藏了流水线，因此分步讲解也一并隐藏。"
        ),
        /// A panic (a bug).
        Panic => (
            "Something went wrong inside the page (a bug, please report it): {message}. Reload to start again.",
            "页面内部出错了（这是程序缺陷，请反馈给我们）：{message}。请重新加载页面。",
        ),
    }
}
