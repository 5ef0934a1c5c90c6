//! The comment editor under the move list. "Comment" opens a field with the
//! shown move's comment; typing edits it, Enter or Save keeps it (a
//! [`TreeCommand::Comment`]), Esc or showing another move drops the edit.
//! While the field is open, keys type into it and do nothing else.

use crate::game::GameSet;
use crate::game::play::browse::{Browse, shown_node};
use crate::game::play::session::Session;
use crate::game::play::variations::TreeCommand;
use crate::game::theme::layout::row;
use crate::game::theme::line_edit::{LineKey, edit_line, take_keys};
use crate::game::theme::shape::{Shape, plain};
use crate::game::theme::{Fonts, palette, set_display};
use crate::rules::records::NodeId;
use bevy::input::InputSystems;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<CommentEdit>()
        .add_message::<EditComment>()
        .add_message::<SaveComment>()
        // Inside the input set, right after the keyboard is read: every
        // system reading keys after the input set sees none while typing.
        .add_systems(
            PreUpdate,
            type_keys
                .in_set(InputSystems)
                .after(bevy::input::keyboard::keyboard_input_system),
        )
        .add_systems(
            Update,
            (edit_requests, show_field)
                .chain()
                .in_set(GameSet::Present)
                .run_if(resource_exists::<Session>),
        );
}

/// Open the editor on the shown move (or close it, when open).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct EditComment;

/// Keep what was typed as the shown move's comment.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SaveComment;

/// The comment being edited: the node, and the text so far.
#[derive(Resource, Default, Debug)]
pub struct CommentEdit {
    /// The node whose comment is edited; `None` when the field is closed.
    pub node: Option<NodeId>,
    /// The text typed.
    pub text: String,
}

/// The field (with its Save button).
#[derive(Component)]
struct CommentField;

/// The text shown in the field.
#[derive(Component)]
struct CommentText;

/// The field the move list places under its tools, hidden until opened.
pub fn comment_field(fonts: &Fonts) -> impl Bundle {
    (
        CommentField,
        row(6.0).display(Display::None).flex_shrink(0.0),
        Pickable::IGNORE,
        children![(
            plain()
                .flex_grow(1.0)
                .flex_basis(Val::Px(0.0))
                .min_width(Val::Px(0.0))
                .min_height(Val::Px(26.0))
                .padding(UiRect::axes(Val::Px(6.0), Val::Px(3.0)))
                .border(UiRect::all(Val::Px(1.0)))
                .border_radius(BorderRadius::all(Val::Px(4.0))),
            BackgroundColor(palette::SHADE.with_alpha(0.30)),
            BorderColor::all(palette::ACCENT),
            Pickable::IGNORE,
            children![(
                CommentText,
                Text::new(""),
                fonts.ui(14.0),
                TextColor(palette::TEXT),
                Pickable::IGNORE,
            )],
        )],
    )
}

/// Keys type into the open field; Enter keeps the text, Esc drops it.
fn type_keys(
    mut edit: ResMut<CommentEdit>,
    mut typed: MessageReader<KeyboardInput>,
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut save: MessageWriter<SaveComment>,
) {
    if edit.node.is_none() {
        typed.clear();
        return;
    }
    for key in typed.read() {
        match edit_line(&mut edit.text, key) {
            LineKey::Enter => {
                save.write(SaveComment);
            }
            LineKey::Escape => edit.node = None,
            LineKey::Edited | LineKey::Ignored => {}
        }
    }
    // Nothing else hears these keys (no move, no shortcut).
    take_keys(&mut keys);
}

fn edit_requests(
    mut open: MessageReader<EditComment>,
    mut save: MessageReader<SaveComment>,
    mut edit: ResMut<CommentEdit>,
    session: Res<Session>,
    browse: Res<Browse>,
    mut tree: MessageWriter<TreeCommand>,
) {
    let shown = shown_node(&session, Some(&browse));
    for _ in open.read() {
        if edit.node.is_some() {
            edit.node = None;
        } else {
            edit.node = Some(shown);
            edit.text = session
                .tree()
                .node(shown)
                .map(|n| n.comment.clone())
                .unwrap_or_default();
        }
    }
    if save.read().count() > 0 && edit.node == Some(shown) {
        tree.write(TreeCommand::Comment(std::mem::take(&mut edit.text)));
        edit.node = None;
    }
    // Another move shown: the edit is dropped.
    if edit.node.is_some_and(|n| n != shown) {
        edit.node = None;
    }
}

fn show_field(
    edit: Res<CommentEdit>,
    mut fields: Query<&mut Node, With<CommentField>>,
    mut texts: Query<&mut Text, With<CommentText>>,
) {
    if !edit.is_changed() {
        return;
    }
    for mut node in &mut fields {
        set_display(&mut node, edit.node.is_some());
    }
    let want = format!("{}|", edit.text);
    for mut text in &mut texts {
        text.set_if_neq(Text(want.clone()));
    }
}
