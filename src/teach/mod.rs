//! The teacher: what happens in a position or with a move, in words. The
//! motifs ([`motif`]) are found by the rules and a small engine search —
//! captures weighed by the exchange on their point, pieces left hanging,
//! forks, pins, discovered attacks and checks, mates with the classic
//! patterns' names ([`pattern`]), threats made and stopped — and told in
//! the four languages ([`words`]: Simplified and Traditional Chinese,
//! English, Vietnamese; the language and its notation are
//! [`crate::words`]'s). Plain Rust: the review, the hint, the
//! analysis and `xiangqi explain` all read the same.

pub mod board;
mod exchange;
pub mod motif;
pub mod pattern;
pub mod record;
pub mod why;
pub mod words;

pub use exchange::exchange;
pub use motif::{Explainer, Kind, Motif};
pub use pattern::Pattern;
pub use record::{theme_kind, why_of};
pub use why::{Comment, Said, Strong, Why, headline, strong, why};
pub use words::sentence;
