//! A pass over NBT bytes before a full parse: bounds every length against the
//! bytes present, the nesting depth and the number of elements, so a hostile
//! file cannot make the parser recurse off the stack, reserve what the file
//! does not hold, or build a tree many times its own size.

use super::ImportError;
use crate::formats::limits::MAX_NBT_DEPTH as MAX_DEPTH;
use crate::formats::limits::MAX_NBT_ELEMENTS as MAX_ELEMENTS;

/// A container being walked: a compound (named entries until End) or a list
/// with its element tag and the count left.
enum Open {
    Compound,
    List { tag: u8, left: usize },
}

struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], ImportError> {
        let left = self.bytes.len() - self.at;
        if left < n {
            return Err(ImportError::format(format!(
                "NBT byte {}: needs {n} bytes, {left} left",
                self.at
            )));
        }
        let slice = &self.bytes[self.at..self.at + n];
        self.at += n;
        Ok(slice)
    }

    fn u8(&mut self) -> Result<u8, ImportError> {
        Ok(self.take(1)?[0])
    }

    fn u16(&mut self) -> Result<usize, ImportError> {
        let b = self.take(2)?;
        Ok(usize::from(u16::from_be_bytes([b[0], b[1]])))
    }

    fn length(&mut self) -> Result<usize, ImportError> {
        let at = self.at;
        let b = self.take(4)?;
        let n = i32::from_be_bytes([b[0], b[1], b[2], b[3]]);
        usize::try_from(n)
            .map_err(|_| ImportError::format(format!("NBT byte {at}: negative length {n}")))
    }

    /// Skips one value of `tag`; a list or compound is returned to be walked.
    fn value(&mut self, tag: u8) -> Result<Option<Open>, ImportError> {
        match tag {
            1 => self.take(1).map(|_| None),
            2 => self.take(2).map(|_| None),
            3 | 5 => self.take(4).map(|_| None),
            4 | 6 => self.take(8).map(|_| None),
            7 | 11 | 12 => {
                let width = match tag {
                    7 => 1,
                    11 => 4,
                    _ => 8,
                };
                let n = self.length()?;
                let bytes = n.checked_mul(width).ok_or("NBT: array length overflows")?;
                self.take(bytes).map(|_| None)
            }
            8 => {
                let n = self.u16()?;
                self.take(n).map(|_| None)
            }
            9 => {
                let element = self.u8()?;
                let n = self.length()?;
                if element > 12 || (element == 0 && n > 0) {
                    return Err(ImportError::format(format!(
                        "NBT byte {}: list of unknown tag {element}",
                        self.at
                    )));
                }
                // Each element takes at least a byte: refuse counts the bytes cannot hold.
                if n > self.bytes.len() - self.at && element != 0 {
                    return Err(ImportError::format(format!(
                        "NBT byte {}: a list of {n} cannot fit",
                        self.at
                    )));
                }
                Ok(Some(Open::List {
                    tag: element,
                    left: n,
                }))
            }
            10 => Ok(Some(Open::Compound)),
            other => Err(ImportError::format(format!(
                "NBT byte {}: unknown tag {other}",
                self.at
            ))),
        }
    }
}

/// Checks that `bytes` hold one well-formed named root compound (as a file
/// does), returning a message naming the byte where they do not.
pub fn check(bytes: &[u8]) -> Result<(), ImportError> {
    let mut c = Cursor { bytes, at: 0 };
    let root = c.u8().map_err(|_| "NBT: empty".to_owned())?;
    if root != 10 {
        return Err(ImportError::format(format!(
            "NBT byte 0: root tag {root}, expected a compound (10)"
        )));
    }
    let name = c.u16()?;
    c.take(name)?;
    let mut stack = vec![Open::Compound];
    let mut elements = 0usize;
    loop {
        if stack.len() > MAX_DEPTH {
            return Err(ImportError::format(format!(
                "NBT byte {}: nested deeper than {MAX_DEPTH}",
                c.at
            )));
        }
        let tag = match stack.last_mut() {
            None => return Ok(()),
            Some(Open::Compound) => {
                let t = c.u8()?;
                if t == 0 {
                    stack.pop();
                    continue;
                }
                let name = c.u16()?;
                c.take(name)?;
                t
            }
            Some(Open::List { tag, left }) => {
                if *left == 0 {
                    stack.pop();
                    continue;
                }
                *left -= 1;
                *tag
            }
        };
        elements += 1;
        if elements > MAX_ELEMENTS {
            return Err(ImportError::format(format!(
                "NBT byte {}: more than {MAX_ELEMENTS} list elements and compound entries (MAX_ELEMENTS)",
                c.at
            )));
        }
        if let Some(open) = c.value(tag)? {
            stack.push(open);
        }
    }
}
