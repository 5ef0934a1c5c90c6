//! The macro that turns the table of words in [`super::phrases`] into
//! [`Phrase`](super::Phrase): one variant a text, its two languages and
//! the list of all of them for the tests.

/// Defines [`Phrase`], its strings in both languages, and [`Phrase::ALL`].
macro_rules! texts {
    ($($name:ident => ($zh:expr, $en:expr $(,)?),)*) => {
        /// A user-visible text.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Phrase {
            $($name,)*
        }

        impl Phrase {
            /// Every text (tests check each has both languages).
            #[cfg(test)]
            pub const ALL: &[Phrase] = &[$(Phrase::$name,)*];

            /// The text in `lang`.
            pub fn get(self, lang: Lang) -> &'static str {
                let (zh, en) = match self {
                    $(Phrase::$name => ($zh, $en),)*
                };
                match lang {
                    Lang::Zh => zh,
                    Lang::En => en,
                }
            }
        }
    };
}
