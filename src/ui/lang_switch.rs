//! The language switch: one button per language, the current one pressed. Switching changes
//! every text in place (they all read `AppState::lang`), so nothing reloads or resets.

use leptos::prelude::*;

use leptos::task::spawn_local;

use super::{AppState, fill, tr, zh_texts};
use crate::i18n::Lang;
use crate::i18n::page::PageText;

/// `English | 中文`, each button named in its own language (and marked so for screen readers).
/// Chinese is loaded on the first press ([`super::zh_texts`]): the button is busy meanwhile,
/// and a note by the switch says so if the texts could not be had.
#[component]
pub fn LangSwitch() -> impl IntoView {
    let state = expect_context::<AppState>();
    let loading = RwSignal::new(false);
    let failed = RwSignal::new(super::zh_texts::failure());
    // The last language pressed: a press of English while Chinese loads wins over it.
    let wanted = StoredValue::new(state.lang.get_untracked());
    let choose = move |lang: Lang| {
        wanted.set_value(lang);
        // A press is the reader's choice: whatever it leads to, an older failure is past.
        failed.set(None);
        if zh_texts::ready(lang) {
            state.set_lang(lang);
            return;
        }
        if loading.get_untracked() {
            return;
        }
        loading.set(true);
        spawn_local(async move {
            let result = zh_texts::load(lang).await;
            loading.set(false);
            // Said, or shown, only if the reader still wants this language.
            if wanted.get_value() == lang {
                failed.set(result.as_ref().err().cloned());
                if result.is_ok() {
                    state.set_lang(lang);
                }
            }
        });
    };
    let buttons = Lang::ALL.map(|lang| {
        view! {
            <button
                type="button"
                lang=lang.code()
                data-testid=format!("lang-{}", lang.code())
                aria-pressed=move || (state.lang.get() == lang).to_string()
                aria-busy=move || (lang != Lang::En && loading.get()).then_some("true")
                on:click=move |_| choose(lang)
            >
                {lang.native_name()}
            </button>
        }
    });
    view! {
        <div class="lang-switch" role="group" aria-label=tr(PageText::Language) data-testid="lang-switch">
            {buttons}
        </div>
        <p class="lang-missing" role="status" data-testid="lang-missing">
            {move || failed.get().map(|why| missing_note(PageText::ChineseMissing, &why))}
        </p>
    }
}

/// Why the Chinese texts could not be had, in both languages, since the page stays in English:
/// `text`'s English side, whose first sentence is Chinese. (Not marked `lang="zh-Hans"` for
/// screen readers: its `<span>` cost 740 B gzip of the first load, for a note seldom shown.)
pub fn missing_note(text: PageText, why: &str) -> String {
    fill(text, Lang::En, &[("why", &why)])
}

/// Keeps `document.title` in the page's language.
pub fn follow_title(state: AppState) {
    Effect::new(move |_| {
        document().set_title(PageText::DocumentTitle.text(state.lang.get()));
    });
}
