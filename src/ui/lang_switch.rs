//! The language switch: one button per language, the current one pressed. Switching changes
//! every text in place (they all read `AppState::lang`), so nothing reloads or resets.

use leptos::prelude::*;

use super::{AppState, tr};
use crate::i18n::Lang;
use crate::i18n::page::PageText;

/// `English | 中文`, each button named in its own language (and marked so for screen readers).
#[component]
pub fn LangSwitch() -> impl IntoView {
    let state = expect_context::<AppState>();
    let buttons = Lang::ALL.map(|lang| {
        view! {
            <button
                type="button"
                lang=lang.code()
                data-testid=format!("lang-{}", lang.code())
                aria-pressed=move || (state.lang.get() == lang).to_string()
                on:click=move |_| state.set_lang(lang)
            >
                {lang.native_name()}
            </button>
        }
    });
    view! {
        <div class="lang-switch" role="group" aria-label=tr(PageText::Language) data-testid="lang-switch">
            {buttons}
        </div>
    }
}

/// Keeps `document.title` in the page's language.
pub fn follow_title(state: AppState) {
    Effect::new(move |_| {
        document().set_title(PageText::DocumentTitle.text(state.lang.get()));
    });
}
