//! Share, embed and download: the link to this view, the `<iframe>` code that embeds it, and
//! each rank's indices as CSV or JSON ([`crate::model::export`]).

use leptos::prelude::*;
use leptos::task::spawn_local;
use std::time::Duration;
use wasm_bindgen::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, BlobPropertyBag, HtmlAnchorElement, js_sys};

use super::focus::Focus;
use super::part::{self, Part};
use super::{AppState, fill, rich, thousands, tr};
use crate::i18n::page::PanelText as T;
use crate::model::Params;
use crate::model::embed::{Layout, Section, iframe_code, iframe_title, pitfall_iframe_title};
use crate::model::export;

/// The link, the embed code and the downloads for the current picture.
#[component]
pub fn SharePanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    // The link keeps every parameter of the URL (lang=, scenario=, guide=), so it follows
    // their rewrites too, not only the picture's.
    let link = Memo::new(move |_| {
        state.url_writes.track();
        state.asked.with(|asked| page_url(&asked.to_query(), &[]))
    });
    let layout = use_context::<Layout>().unwrap_or_default();
    let code = Memo::new(move |_| {
        state.url_writes.track();
        let lang = state.lang.get();
        // With a pitfall open, the embed is that pitfall alone: its own example, so none of
        // the picture's parameters, and its title.
        if let Some(scenario) = super::scenarios::in_url() {
            let query = format!("scenario={}&lang={}&embed=1", scenario.name(), lang.code());
            return iframe_code(&page_address(&query), &pitfall_iframe_title(scenario, lang));
        }
        let compared = state.compare.get();
        let shown: &[&dyn crate::model::scheme::Scheme] =
            if layout.hides_section(Section::Compare) { &[] } else { &compared };
        // The walk-through is the full page's: an embed would only say so.
        state.asked.with(|asked| {
            let src = page_url(&asked.to_query(), &[("embed", Some("1")), ("guide", None)]);
            iframe_code(&src, &iframe_title(asked, shown, lang))
        })
    });
    // With a pitfall open, the embed shows that pitfall alone: say so (instead of what the
    // embed of the picture shows), and how to embed the picture instead.
    let explain = move || {
        state.url_writes.track();
        let text = if super::scenarios::known_in_url() { T::EmbedPitfall } else { T::EmbedExplain };
        rich(text)
    };
    view! {
        <section class="share" aria-labelledby="share-title">
            <h2 id="share-title">{tr(T::ShareTitle)}</h2>
            <CopyField id="share-link" label=T::Link text=link button=T::CopyLink />
            <CopyField id="embed-code" label=T::EmbedCode text=code button=T::CopyEmbed rows=3 />
            <p class="explain">{explain}</p>
            <Downloads />
        </section>
    }
}

/// A read-only field holding `text`, a button that copies it, and what became of the copy.
#[component]
fn CopyField(
    /// The field's id (and the stem of its test ids).
    id: &'static str,
    /// Its label.
    label: T,
    /// What it holds.
    text: Memo<String>,
    /// The button's text.
    button: T,
    /// Rows of a text area; a one-line input when absent.
    #[prop(optional)]
    rows: Option<u32>,
) -> impl IntoView {
    let copied = RwSignal::new(None::<bool>);
    let copy = move |_| {
        let promise = window().navigator().clipboard().write_text(&text.get_untracked());
        spawn_local(async move { copied.set(Some(JsFuture::from(promise).await.is_ok())) });
    };
    let lang = expect_context::<AppState>().lang;
    let status = move || match copied.get() {
        Some(true) => T::Copied.text(lang.get()),
        Some(false) => T::TextRefused.text(lang.get()),
        None => "",
    };
    let select = |ev: leptos::ev::FocusEvent| {
        if let Some(input) =
            ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        {
            input.select();
        } else if let Some(area) =
            ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
        {
            area.select();
        }
    };
    let field = match rows {
        None => view! { <input id=id type="text" readonly data-testid=id prop:value=text on:focus=select /> }.into_any(),
        Some(rows) => view! { <textarea id=id rows=rows readonly data-testid=id prop:value=text on:focus=select></textarea> }.into_any(),
    };
    view! {
        <div class="copy-field">
            <label for=id>{tr(label)}</label>
            {field}
            <div class="code-actions">
                <button type="button" data-testid=format!("copy-{id}") on:click=copy>{tr(button)}</button>
                <span class="copy-status" role="status">{status}</span>
            </div>
        </div>
    }
}

/// CSV and JSON of every rank's indices this epoch, with the scheme the story follows: the
/// story's part writes the file (`parts::downloads`), loaded by the first click if nothing
/// loaded it before.
#[component]
fn Downloads() -> impl IntoView {
    let state = expect_context::<AppState>();
    let focus = expect_context::<Focus>();
    // What became of the last download: the file's name, and what the status says of it.
    let saved = RwSignal::new(None::<(String, T)>);
    // A download asked for (JSON or not) while the part loads.
    let pending = RwSignal::new(None::<bool>);
    Effect::new(move |_| {
        let Some(json) = pending.get() else { return };
        let ready = match part::tracked(part::STORY) {
            Part::Waiting => return,
            Part::Ready => part::story::<DownloadsPart>(),
            Part::Missing(_) => None,
        };
        pending.set(None);
        let scheme = focus.scheme.get_untracked();
        let params = state.dealt.get_untracked();
        saved.set(Some(download(ready.as_ref(), &params, scheme.name(), json)));
    });
    let save = move |json: bool| {
        if pending.get_untracked().is_some() {
            return; // one file at a time: the one asked for first is still being written
        }
        let scheme = focus.scheme.get_untracked().name();
        let name = state.dealt.with_untracked(|p| file_name(p, scheme, json));
        saved.set(Some((name, T::Writing)));
        part::retry_missing(part::STORY);
        part::start(part::STORY);
        pending.set(Some(json));
    };
    let status =
        move || saved.get().map(|(name, said)| fill(said, state.lang.get(), &[("name", &name)]));
    // The cap is the same for every scheme: the followed scheme's lanes say whether it cuts.
    let cut = move || {
        let cap = state.dealt.with(export::cap);
        focus.deal.with(|deal| {
            let all = export::len_sampler(deal.as_ref().ok()?);
            (cap < all).then(|| {
                let (listed, all) = (thousands(cap as u64), thousands(all as u64));
                fill(T::DownloadCut, state.lang.get(), &[("listed", &listed), ("all", &all)])
            })
        })
    };
    // Nothing to download while the followed scheme refuses the values: it says why instead.
    let refused = move || focus.deal.with(Result::is_err);
    view! {
        <super::focus::Refused />
        <div class="code-actions downloads">
            <button type="button" data-testid="download-csv" disabled=refused on:click=move |_| save(false)>{tr(T::DownloadCsv)}</button>
            <button type="button" data-testid="download-json" disabled=refused on:click=move |_| save(true)>{tr(T::DownloadJson)}</button>
            <span class="copy-status" role="status">{status}</span>
        </div>
        <p class="explain">{rich(T::DownloadExplain)} {cut}</p>
    }
}

#[wasm_bindgen]
extern "C" {
    /// The story's part, seen for the downloads' files.
    type DownloadsPart;
    #[wasm_bindgen(method, catch, js_name = download)]
    fn download_js(
        this: &DownloadsPart,
        query: &str,
        scheme: &str,
        json: bool,
    ) -> Result<String, JsValue>;
}

/// Saves what `scheme` deals for `params` as CSV or JSON, written by the part (`None`: it could
/// not be loaded); returns the file's name and what became of it.
fn download(
    part: Option<&DownloadsPart>,
    params: &Params,
    scheme: &str,
    json: bool,
) -> (String, T) {
    let mime = if json { "application/json" } else { "text/csv;charset=utf-8" };
    let name = file_name(params, scheme, json);
    let Some(part) = part else { return (name, T::SaveMissing) };
    let text = part.download_js(&params.to_query(), scheme, json).ok();
    let saved = text.is_some_and(|text| save_file(&name, mime, &text).is_ok());
    (name, if saved { T::Saved } else { T::SaveRefused })
}

/// The download's file name.
fn file_name(params: &Params, scheme: &str, json: bool) -> String {
    format!("{}.{}", export::file_stem(params, scheme), if json { "json" } else { "csv" })
}

/// Hands `text` to the browser as a download: a Blob, an object URL, a click on `<a download>`.
pub(super) fn save_file(name: &str, mime: &str, text: &str) -> Result<(), JsValue> {
    let options = BlobPropertyBag::new();
    options.set_type(mime);
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let blob = Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let anchor: HtmlAnchorElement = document().create_element("a")?.dyn_into()?;
    anchor.set_href(&url);
    anchor.set_download(name);
    anchor.click();
    // The browser reads the Blob after the click returns: free it a little later.
    set_timeout(move || drop(web_sys::Url::revoke_object_url(&url)), Duration::from_secs(30));
    Ok(())
}

/// The page's absolute address with exactly `query` (no other parameter kept).
fn page_address(query: &str) -> String {
    let full = page_url("", &[]);
    match web_sys::Url::new(&full) {
        Ok(url) => {
            url.set_search(query);
            url.href()
        }
        Err(_) => full,
    }
}

/// The page's absolute address for `query` (its other parameters kept), with `changes`
/// applied: `Some(value)` sets a parameter, `None` removes it. A bundle built with a public
/// URL (`scripts/build-site --public-url`) names that address instead of the one it is
/// previewed at, so copied links and embed code need no editing.
pub fn page_url(query: &str, changes: &[(&str, Option<&str>)]) -> String {
    let location = window().location();
    let href = location.href().unwrap_or_default();
    let public = public_url().and_then(|base| web_sys::Url::new(&base).ok());
    let url = match public {
        Some(url) => {
            url.set_search(&location.search().unwrap_or_default());
            url
        }
        None => match web_sys::Url::new(&href) {
            Ok(url) => url,
            Err(_) => return href,
        },
    };
    let params = url.search_params();
    for (name, value) in query.split('&').filter_map(|pair| pair.split_once('=')) {
        params.set(name, value);
    }
    for &(name, value) in changes {
        match value {
            Some(value) => params.set(name, value),
            None => params.delete(name),
        }
    }
    url.href()
}

/// The name of the `<meta>` that holds the public URL a hosting build was made for.
pub const PUBLIC_URL_META: &str = "sampler-viz:public-url";

/// The public URL the bundle was built for (`<meta name="sampler-viz:public-url">`), if any: an
/// `http(s)` URL (a relative one read against the page's address), else ignored.
fn public_url() -> Option<String> {
    let selector = format!("meta[name=\"{PUBLIC_URL_META}\"]");
    let meta = document().query_selector(&selector).ok()??;
    let content = meta.get_attribute("content")?;
    // A hand-written relative value is read against the page's own address.
    let here = window().location().href().ok()?;
    let url = web_sys::Url::new_with_base(content.trim(), &here).ok()?;
    matches!(url.protocol().as_str(), "http:" | "https:").then(|| url.href())
}
