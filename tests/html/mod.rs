//! HTML written as text by the model (a pitfall's card, the pipeline's chips), read back by
//! the tests: its tags, checked to nest, and its attributes' values.

/// The elements HTML never closes that the model writes.
const VOID: [&str; 2] = ["wbr", "br"];

/// The tags of `html`, in order, checked to nest properly, with any text outside a tag free of `<`.
pub fn tags(html: &str) -> Vec<String> {
    let (mut open, mut all) = (Vec::<String>::new(), Vec::new());
    let mut rest = html;
    while let Some(start) = rest.find('<') {
        assert!(!rest[..start].contains('>'), "a bare '>' in text: {:?}", &rest[..start]);
        let end = start + rest[start..].find('>').expect("a tag that ends");
        let tag = &rest[start + 1..end];
        let name: String =
            tag.trim_start_matches('/').chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
        if let Some(closing) = tag.strip_prefix('/') {
            assert_eq!(
                open.pop().as_deref(),
                Some(closing.trim()),
                "</{closing}> closes what was open"
            );
        } else {
            assert_eq!(tag.matches('"').count() % 2, 0, "quotes in <{tag}> are paired");
            // A void element (`<wbr>`, `<br>`) has no closing tag.
            if !VOID.contains(&name.as_str()) {
                open.push(name.clone());
            }
        }
        all.push(tag.to_string());
        rest = &rest[end + 1..];
    }
    assert!(open.is_empty(), "left open: {open:?}");
    all
}

/// The value of attribute `name` in each tag that has it, unescaped.
pub fn attribute(tags: &[String], name: &str) -> Vec<String> {
    let key = format!(" {name}=\"");
    tags.iter()
        .filter_map(|t| {
            let from = t.find(&key)? + key.len();
            let value = &t[from..from + t[from..].find('"')?];
            Some(
                value
                    .replace("&quot;", "\"")
                    .replace("&#39;", "'")
                    .replace("&lt;", "<")
                    .replace("&gt;", ">")
                    .replace("&amp;", "&"),
            )
        })
        .collect()
}
