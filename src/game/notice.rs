//! Notices for the player: what happened (a game saved, a file that could
//! not be read, a settings file that was broken) and its details. Anything
//! in the game posts one; the toast ([`crate::game::toast`]) shows the
//! latest.

use crate::game::i18n::{Lang, Phrase};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Notice>();
}

/// A message for the player: what happened and the details (file, line…).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Notice {
    /// The current notice, if any.
    pub current: Option<NoticeText>,
    /// Bumped on every new notice (the toast restarts its timer).
    pub serial: u64,
}

/// One notice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoticeText {
    /// What happened, translated.
    pub what: Phrase,
    /// Details in the words of the file or the system (untranslated).
    pub detail: String,
    /// An error (red) or news (neutral).
    pub error: bool,
}

impl Notice {
    /// Shows `what` with `detail`.
    pub fn post(&mut self, what: Phrase, detail: impl Into<String>, error: bool) {
        let detail = detail.into();
        if error {
            warn!("{}: {detail}", what.get(Lang::En));
        } else {
            info!("{}: {detail}", what.get(Lang::En));
        }
        self.current = Some(NoticeText {
            what,
            detail,
            error,
        });
        self.serial += 1;
    }

    /// Adds a line to the current notice's details (what else the player
    /// should know about it), or nothing when there is none.
    pub fn append(&mut self, line: &str) {
        if let Some(current) = &mut self.current {
            if !current.detail.is_empty() {
                current.detail.push('\n');
            }
            current.detail.push_str(line);
            self.serial += 1;
        }
    }
}
