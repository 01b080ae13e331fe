//! A wasm panic is a bug; if one happens anyway, say so on the page instead of leaving a dead
//! picture: the message goes to the console (with its stack) and into a banner.

use std::panic::PanicHookInfo;

use crate::i18n::page::PanelText;
use crate::i18n::{Lang, fill};

/// Installs the hook: console message first, then the banner.
pub fn install() {
    std::panic::set_hook(Box::new(|info: &PanicHookInfo<'_>| {
        console_error_panic_hook::hook(info);
        show_banner(&info.to_string());
    }));
}

fn show_banner(message: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let (Ok(banner), Some(body)) = (document.create_element("div"), document.body()) else {
        return;
    };
    let _ = banner.set_attribute("role", "alert");
    let _ = banner.set_attribute("class", "panic-banner");
    let _ = banner.set_attribute("data-testid", "panic-banner");
    // The app's state may be what broke: read the language from `<html lang>`, which it set.
    let lang = document
        .document_element()
        .and_then(|root| root.get_attribute("lang"))
        .and_then(|code| Lang::from_code(&code))
        .unwrap_or_default();
    let text = fill(PanelText::Panic.text(lang), &[("message", &message)]);
    banner.set_text_content(Some(&text));
    let _ = body.prepend_with_node_1(&banner);
}
