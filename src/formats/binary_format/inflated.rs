//! The payload of a binary world, inflated as it is read, never whole.

use std::io::{BufRead, Read};

use flate2::CrcReader;
use flate2::read::DeflateDecoder;

use super::BinaryWorldError;

/// The payload, inflated as it is read: counts the bytes given out, checks
/// them against the length the header claims, and sums their checksum.
pub(super) struct Inflated<'a> {
    /// The checksum is summed under the buffer, a buffer at a time.
    decoder: std::io::BufReader<CrcReader<DeflateDecoder<&'a [u8]>>>,
    /// Bytes of the payload given out so far.
    pub(super) at: u64,
    claimed: u64,
    /// The last bytes taken, for the reader to look at.
    scratch: Vec<u8>,
}

impl<'a> Inflated<'a> {
    pub(super) fn new(compressed: &'a [u8], claimed: u64) -> Self {
        Self {
            decoder: std::io::BufReader::with_capacity(
                64 << 10,
                CrcReader::new(DeflateDecoder::new(compressed)),
            ),
            at: 0,
            claimed,
            scratch: Vec::new(),
        }
    }

    /// Bytes the header says are left.
    pub(super) fn left(&self) -> u64 {
        self.claimed - self.at
    }

    /// The next `n` bytes; `Ok(None)` when the header says fewer are left.
    pub(super) fn take(&mut self, n: usize) -> Result<Option<&[u8]>, BinaryWorldError> {
        if (n as u64) > self.left() {
            return Ok(None);
        }
        self.scratch.resize(n, 0);
        if let Err(error) = self.decoder.read_exact(&mut self.scratch) {
            return Err(self.broken(&error));
        }
        self.at += n as u64;
        Ok(Some(&self.scratch))
    }

    /// The next byte; `Ok(None)` when the header says none is left. Most of
    /// a payload is read a byte at a time, straight from the buffer.
    pub(super) fn byte(&mut self) -> Result<Option<u8>, BinaryWorldError> {
        if self.left() == 0 {
            return Ok(None);
        }
        let next = match self.decoder.fill_buf() {
            Ok(buffer) => buffer.first().copied(),
            Err(error) => return Err(self.broken(&error)),
        };
        let Some(b) = next else {
            let eof = std::io::Error::from(std::io::ErrorKind::UnexpectedEof);
            return Err(self.broken(&eof));
        };
        self.decoder.consume(1);
        self.at += 1;
        Ok(Some(b))
    }

    fn broken(&mut self, error: &std::io::Error) -> BinaryWorldError {
        if error.kind() == std::io::ErrorKind::UnexpectedEof {
            // How much there was: the rest of what could be inflated.
            let mut rest = 0u64;
            let mut buffer = [0u8; 8192];
            while let Ok(n @ 1..) = self.decoder.read(&mut buffer) {
                rest += n as u64;
            }
            BinaryWorldError::Compression {
                problem: format!(
                    "inflates to {} bytes, the header says {}",
                    (self.at + rest).min(self.claimed),
                    self.claimed
                ),
            }
        } else {
            BinaryWorldError::Compression {
                problem: error.to_string(),
            }
        }
    }

    /// Inflates what the reader left (never keeping it) and one byte more,
    /// to check the payload is exactly as long as claimed; returns its
    /// checksum.
    pub(super) fn finish(&mut self) -> Result<u32, BinaryWorldError> {
        let mut buffer = vec![0u8; 64 << 10];
        loop {
            let want = (self.left() + 1).min(buffer.len() as u64) as usize;
            match self.decoder.read(&mut buffer[..want]) {
                Ok(0) if self.left() == 0 => break,
                Ok(0) => {
                    return Err(BinaryWorldError::Compression {
                        problem: format!(
                            "inflates to {} bytes, the header says {}",
                            self.at, self.claimed
                        ),
                    });
                }
                Ok(n) if n as u64 > self.left() => {
                    return Err(BinaryWorldError::Compression {
                        problem: format!(
                            "inflates to {}+ bytes, the header says {}",
                            self.claimed, self.claimed
                        ),
                    });
                }
                Ok(n) => self.at += n as u64,
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
                Err(error) => {
                    return Err(BinaryWorldError::Compression {
                        problem: error.to_string(),
                    });
                }
            }
        }
        Ok(self.decoder.get_ref().crc().sum())
    }
}
