//! The Chinese texts, loaded when first needed: before the page is drawn when its URL asks for
//! `lang=zh`, or when the reader presses 中文. The page's wasm (feature `on-demand`) carries
//! English only; `scripts/build-parts` writes the Chinese as a file of its own
//! ([`crate::i18n::loaded`]) and names it in `<meta name="sampler-viz:texts:zh">`; `part.js`
//! starts fetching it beside the wasm when the URL asks for Chinese. A file that cannot be
//! loaded (or does not arrive within 10 s) leaves the page in English, saying so by the
//! language switch, or at an embed's top; the URL keeps `lang=zh`, so a reload (and the
//! share link) asks again.

use std::cell::RefCell;

use crate::i18n::Lang;

thread_local! {
    /// Why the last try to load the texts failed, if it did.
    static FAILED: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Whether the page can be shown in `lang` now.
pub fn ready(lang: Lang) -> bool {
    lang == Lang::En || !cfg!(feature = "on-demand") || crate::i18n::loaded::installed()
}

/// `lang` if the page can be shown in it now, else English.
pub fn usable(lang: Lang) -> Lang {
    if ready(lang) { lang } else { Lang::En }
}

/// Why the Chinese texts could not be loaded, if the last try failed.
pub fn failure() -> Option<String> {
    FAILED.with_borrow(Clone::clone)
}

/// Loads the texts of `lang` unless the page has them; says why not when they cannot be had.
pub async fn load(lang: Lang) -> Result<(), String> {
    if ready(lang) {
        return Ok(());
    }
    let result = fetch().await.and_then(|file| crate::i18n::loaded::install(&file));
    FAILED.set(result.as_ref().err().cloned());
    result
}

#[cfg(feature = "on-demand")]
async fn fetch() -> Result<String, String> {
    use wasm_bindgen::prelude::*;
    use wasm_bindgen_futures::JsFuture;
    use web_sys::js_sys;

    #[wasm_bindgen(module = "/src/ui/part.js")]
    extern "C" {
        /// The file `<meta name="sampler-viz:texts:zh">` names, as text.
        #[wasm_bindgen(js_name = fetchZhTexts)]
        fn fetch_zh_texts() -> js_sys::Promise;
    }

    let text = JsFuture::from(fetch_zh_texts()).await.map_err(|e| super::part::describe(&e))?;
    text.as_string().ok_or_else(|| "the file is not text".to_owned())
}

#[cfg(not(feature = "on-demand"))]
async fn fetch() -> Result<String, String> {
    Err("this build carries its Chinese texts".to_owned())
}
