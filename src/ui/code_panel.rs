//! The code behind the picture: the followed scheme's Python, which prints what its lanes and
//! tables show, with a copy button.

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen_futures::JsFuture;

use super::focus::{DrawnFor, Focus};
use super::{AppState, tr};
use crate::i18n::page::PanelText as T;

/// The followed scheme's script for the current values, and a button that copies it.
#[component]
pub fn CodePanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let focus = expect_context::<Focus>();
    let script = Memo::new(move |_| {
        let params = state.dealt.get();
        focus.scheme.get().python(&params, state.lang.get())
    });
    let copied = RwSignal::new(None::<bool>);
    let copy = move |_| {
        let text = script.get_untracked();
        let promise = window().navigator().clipboard().write_text(&text);
        spawn_local(async move {
            copied.set(Some(JsFuture::from(promise).await.is_ok()));
        });
    };
    let lang = state.lang;
    let status = move || match copied.get() {
        Some(true) => T::Copied.text(lang.get()),
        Some(false) => T::CodeRefused.text(lang.get()),
        None => "",
    };
    view! {
        <section class="code-panel" aria-labelledby="code-title">
            <h2 id="code-title">{tr(T::CodeTitle)}</h2>
            <p class="explain">{tr(T::CodeExplain)}</p>
            <DrawnFor />
            <div class="code-actions">
                <button type="button" data-testid="copy-python" on:click=copy>{tr(T::CopyCode)}</button>
                <span class="copy-status" role="status">{status}</span>
            </div>
            // Long lines scroll sideways: the keyboard reaches it too.
            <pre class="code" tabindex="0" role="region" aria-labelledby="code-title"><code data-testid="python-code">{move || script.get()}</code></pre>
        </section>
    }
}
