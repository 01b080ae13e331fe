//! The epoch history under a compared scheme's lanes, as the page writes it
//! (`model::epoch_history`): well-formed HTML holding the ids a check outside the repo reads
//! (`[data-testid=epoch-history][data-scheme]`, `[data-testid=history-row][data-epoch][data-rank]`
//! rows of `[data-index]` tiles, `data-same-as="0"` exactly on a row that repeats the GPU's
//! epoch-0 list), each row's tiles that GPU's first samples in PyTorch's order:
//!
//! ```python
//! >>> s = [DistributedSampler(range(10), num_replicas=3, rank=r, seed=0) for r in range(3)]
//! >>> [list(x) for x in s]          # epoch 0 (and every epoch, without set_epoch)
//! [[4, 5, 0, 2], [1, 3, 8, 4], [7, 9, 6, 1]]
//! >>> for x in s: x.set_epoch(1)
//! >>> [list(x) for x in s]
//! [[5, 2, 9, 4], [6, 0, 3, 5], [1, 8, 7, 6]]
//! ```
//! (`tests/golden/pytorch-2.15/distributed_sampler.jsonl`, n = 10, num_replicas = 3, seed = 0.)

use sampler_viz::i18n::Lang;
use sampler_viz::model::scheme::{self, history};
use sampler_viz::model::{Params, epoch_history};

mod html;
use html::{attribute, tags};

/// One row as drawn: `(epoch, rank, data-same-as="0", its tiles' indices)`.
type DrawnRow = (u64, usize, bool, Vec<u32>);

/// The history of the distributed scheme at `query`: its HTML, and each row.
fn drawn(query: &str, lang: Lang) -> (String, Vec<DrawnRow>) {
    let s = scheme::by_name("distributed").unwrap();
    let params = Params::from_query(query).unwrap();
    let epochs = history::history(s, &params, history::ROW_CAP).unwrap();
    let said = epoch_history::summary(&epochs, s.name(), &params, Some(params.set_epoch), lang);
    let html = epoch_history::html(&epochs, params.n, s.name(), &said, lang);
    let rows = html
        .split(r#"<span class="history-row" "#)
        .skip(1)
        .map(|piece| {
            let tag = vec![format!("span {}", &piece[..piece.find('>').unwrap()])];
            let one = |name: &str| attribute(&tag, name).pop();
            let strip = &piece[..piece.find("</span></span>").unwrap_or(piece.len())];
            let tiles: Vec<&str> = strip
                .split(r#"data-index=""#)
                .skip(1)
                .map(|t| &t[..t.find('"').unwrap()])
                .collect();
            (
                one("data-epoch").unwrap().parse().unwrap(),
                one("data-rank").unwrap().parse().unwrap(),
                one("data-same-as").as_deref() == Some("0"),
                tiles.iter().map(|t| t.parse().unwrap()).collect(),
            )
        })
        .collect();
    (html, rows)
}

#[test]
fn every_row_is_its_gpus_list_and_is_stamped_exactly_when_it_repeats_epoch_0() {
    let golden: [[&[u32]; 3]; 2] = [
        [&[4, 5, 0, 2], &[1, 3, 8, 4], &[7, 9, 6, 1]],
        [&[5, 2, 9, 4], &[6, 0, 3, 5], &[1, 8, 7, 6]],
    ];
    for lang in [Lang::En, Lang::Zh] {
        let (html, rows) = drawn("n=10&num_replicas=3&seed=0", lang);
        let all = tags(&html);
        assert_eq!(attribute(&all, "data-scheme"), ["distributed"]);
        assert_eq!(rows.len(), 3 * 4, "a row per GPU per epoch 0–3");
        for (epoch, rank, same, tiles) in &rows {
            if let Some(lists) = golden.get(*epoch as usize) {
                assert_eq!(tiles, lists[*rank], "epoch {epoch} rank {rank}");
            }
            assert!(!same, "with set_epoch no row repeats epoch 0");
        }
        let (html, rows) = drawn("n=10&num_replicas=3&seed=0&set_epoch=0", lang);
        tags(&html);
        assert_eq!(rows.len(), 3 * 4);
        for (epoch, rank, same, tiles) in &rows {
            assert_eq!(tiles, golden[0][*rank], "epoch {epoch} rank {rank}");
            assert_eq!(*same, *epoch > 0, "epoch {epoch} rank {rank}");
        }
    }
}

#[test]
fn the_summary_says_why_when_set_epoch_decides() {
    let (html, _) = drawn("n=10&num_replicas=3&seed=0&set_epoch=0", Lang::En);
    let from = html.find(r#"data-testid="history-sum">"#).unwrap();
    let sum = &html[from..from + html[from..].find("</p>").unwrap()];
    assert!(sum.contains("without sampler.set_epoch(epoch)"), "{sum}");
    let (html, _) = drawn("n=10&num_replicas=3&seed=0", Lang::En);
    assert!(!html.contains("without sampler.set_epoch(epoch)"), "{html}");
}
