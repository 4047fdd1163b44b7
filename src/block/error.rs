//! What registration refuses, naming the block and the field.

use thiserror::Error;

/// The part of a block definition an error is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BlockField {
    /// The name.
    Name,
    /// Box number `index` (0-based) of the shape.
    Box {
        /// 0-based position in the list of boxes.
        index: usize,
    },
    /// The list of boxes as a whole.
    Boxes,
    /// The glyph of the look.
    Glyph,
    /// The behaviour property of this name.
    Property {
        /// The property's name.
        name: String,
    },
    /// The list of properties as a whole.
    Properties,
}

impl std::fmt::Display for BlockField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BlockField::Name => write!(f, "name"),
            BlockField::Box { index } => write!(f, "box {}", index + 1),
            BlockField::Boxes => write!(f, "boxes"),
            BlockField::Glyph => write!(f, "glyph"),
            BlockField::Property { name } => write!(f, "property {name:?}"),
            BlockField::Properties => write!(f, "properties"),
        }
    }
}

/// Why a block type was not registered. Nothing changes in the registry then.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum BlockError {
    /// A field of the definition is out of bounds.
    #[error("block {block:?}, {field}: {problem}")]
    Invalid {
        /// The name the definition gave.
        block: String,
        /// Which field.
        field: BlockField,
        /// What is wrong with it.
        problem: String,
    },
    /// A type of this name is registered already.
    #[error("block {block:?} is defined already")]
    Duplicate {
        /// The name.
        block: String,
    },
    /// The registry holds as many types as ids can name.
    #[error("block {block:?}: the registry is full ({max} types)")]
    Full {
        /// The name that did not fit.
        block: String,
        /// The most types a registry holds.
        max: usize,
    },
}
