//! The macro that turns the table of words in [`super::phrases`] into
//! [`Phrase`](super::Phrase): one variant a text, its four languages and
//! the list of all of them for the tests. A phrase without one of the four
//! does not compile.

/// Defines [`Phrase`], its strings in every language, and [`Phrase::ALL`].
macro_rules! texts {
    ($($name:ident => ($zh:expr, $en:expr, hant: $hant:expr, vi: $vi:expr $(,)?),)*) => {
        /// A user-visible text.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Phrase {
            $($name,)*
        }

        impl Phrase {
            /// Every text (tests check each has every language).
            #[cfg(test)]
            pub const ALL: &[Phrase] = &[$(Phrase::$name,)*];

            /// The text in `lang`.
            pub fn get(self, lang: Lang) -> &'static str {
                let (zh, en, hant, vi) = match self {
                    $(Phrase::$name => ($zh, $en, $hant, $vi),)*
                };
                match lang {
                    Lang::Zh => zh,
                    Lang::ZhHant => hant,
                    Lang::En => en,
                    Lang::Vi => vi,
                }
            }
        }
    };
}
