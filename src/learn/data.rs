//! The training-position file: what [`super::datagen`] writes and
//! [`super::trainer`] reads.
//!
//! A file is a 16-byte header followed by 48-byte records, all
//! little-endian:
//!
//! | bytes | header field |
//! |---|---|
//! | 0..4 | magic `XQDG` |
//! | 4..6 | format version, 1 |
//! | 6..8 | record size, 48 |
//! | 8..16 | zero (reserved) |
//!
//! | bytes | record field |
//! |---|---|
//! | 0..45 | the board: 90 four-bit codes, point `s` (`rank * 9 + file`, a0 = 0) in byte `s / 2`, the low nibble for even `s`; a code is 0 for an empty point, else `colour * 8 + kind + 1` (Red 0, Black 1; kinds general, advisor, elephant, horse, chariot, cannon, soldier) |
//! | 45 | flags: bit 0 the side to move (1 = Black); bits 1–2 the game's result (0 Black won, 1 draw, 2 Red won); bit 3 the first record of a game; bits 4–7 zero |
//! | 46..48 | the search's score from Red's side in centipawns (`i16`) |
//!
//! Records are appended a whole game at a time; a file cut short inside
//! a record (a killed run) loses only that record, which [`DataWriter`]
//! trims when it opens the file again.

use crate::rules::{Color, GameResult, Position};
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The file's magic bytes.
pub const MAGIC: &[u8; 4] = b"XQDG";
/// The format version this code writes and reads.
pub const VERSION: u16 = 1;
/// Bytes in the header.
pub const HEADER_LEN: usize = 16;
/// Bytes in a record.
pub const RECORD_LEN: usize = 48;

/// One training position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// Board codes by point, as [`Position`] keeps them.
    pub board: [u8; 90],
    /// The side to move.
    pub side: Color,
    /// How the game ended.
    pub result: GameResult,
    /// The search's score from Red's side, centipawns.
    pub score: i16,
    /// The first record of its game.
    pub game_start: bool,
}

impl Record {
    /// A record of `pos` with a score from the side to move's view.
    pub fn new(pos: &Position, stm_score: i32, result: GameResult, game_start: bool) -> Record {
        let red = stm_score * pos.side_to_move().sign();
        Record {
            board: pos.board,
            side: pos.side_to_move(),
            result,
            score: red.clamp(-i16::MAX as i32, i16::MAX as i32) as i16,
            game_start,
        }
    }

    /// The record's 48 bytes.
    pub fn encode(&self) -> [u8; RECORD_LEN] {
        let mut out = [0u8; RECORD_LEN];
        for (s, &c) in self.board.iter().enumerate() {
            out[s / 2] |= (c & 15) << (4 * (s % 2));
        }
        let result = match self.result {
            GameResult::BlackWins => 0,
            GameResult::Draw => 1,
            GameResult::RedWins => 2,
        };
        out[45] =
            u8::from(self.side == Color::Black) | (result << 1) | (u8::from(self.game_start) << 3);
        out[46..48].copy_from_slice(&self.score.to_le_bytes());
        out
    }

    /// Reads a record; the error says which field is wrong.
    ///
    /// # Errors
    /// [`RecordError`]: the field that holds what no record can.
    pub fn decode(b: &[u8; RECORD_LEN]) -> Result<Record, RecordError> {
        let mut board = [0u8; 90];
        let mut generals = [0u8; 2];
        for (s, code) in board.iter_mut().enumerate() {
            let c = (b[s / 2] >> (4 * (s % 2))) & 15;
            if c == 8 {
                return Err(RecordError::UnusedCode { point: s });
            }
            if c & 7 == 1 {
                generals[usize::from(c >> 3)] += 1;
            }
            *code = c;
        }
        if generals != [1, 1] {
            return Err(RecordError::Generals {
                red: generals[0],
                black: generals[1],
            });
        }
        let flags = b[45];
        if flags >> 4 != 0 {
            return Err(RecordError::ReservedFlags(flags));
        }
        let result = match (flags >> 1) & 3 {
            0 => GameResult::BlackWins,
            1 => GameResult::Draw,
            2 => GameResult::RedWins,
            _ => return Err(RecordError::Result),
        };
        Ok(Record {
            board,
            side: if flags & 1 == 1 {
                Color::Black
            } else {
                Color::Red
            },
            result,
            score: i16::from_le_bytes([b[46], b[47]]),
            game_start: flags & 8 != 0,
        })
    }

    /// The position (with clocks at zero: the record does not keep them).
    pub fn position(&self) -> Position {
        let mut pos = Position::empty();
        for (s, &c) in self.board.iter().enumerate() {
            if let (Some(p), Some(sq)) = (
                crate::rules::Piece::from_code(c),
                crate::rules::Square::from_index(s),
            ) {
                pos.put(sq, p);
            }
        }
        pos.set_side(self.side);
        pos
    }

    /// The game's result from Red's side: 1, ½ or 0.
    pub fn red_result(&self) -> f32 {
        self.result.points_for(Color::Red) as f32
    }
}

fn header() -> [u8; HEADER_LEN] {
    let mut h = [0u8; HEADER_LEN];
    h[..4].copy_from_slice(MAGIC);
    h[4..6].copy_from_slice(&VERSION.to_le_bytes());
    h[6..8].copy_from_slice(&(RECORD_LEN as u16).to_le_bytes());
    h
}

/// What is wrong with one record of a data file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A board code no piece has.
    #[error("point {point} holds the unused code 8")]
    UnusedCode {
        /// The point, 0..90.
        point: usize,
    },
    /// Not one general a side.
    #[error("the board has {red} red and {black} black generals")]
    Generals {
        /// Red's.
        red: u8,
        /// Black's.
        black: u8,
    },
    /// Flag bits no version sets.
    #[error("flags byte {0:#04x} has reserved bits set")]
    ReservedFlags(u8),
    /// The result field's unused value.
    #[error("the result field is 3")]
    Result,
}

/// What goes wrong with a data file.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// It cannot be read.
    #[error("cannot read {}: {error}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// It cannot be opened, read or written for appending.
    #[error("cannot open {} for writing: {error}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// Not a data file.
    #[error("{} is not a training-data file (no XQDG header)", path.display())]
    NotData {
        /// The file.
        path: PathBuf,
    },
    /// Another format's data.
    #[error("{} is training data of format {version} with {size}-byte records; this build reads format {VERSION} with {RECORD_LEN}-byte records", path.display())]
    Format {
        /// The file.
        path: PathBuf,
        /// Its format.
        version: u16,
        /// Its record size.
        size: u16,
    },
    /// A damaged record.
    #[error("{}: record {index}: {error}", path.display())]
    Record {
        /// The file.
        path: PathBuf,
        /// 0-based.
        index: usize,
        /// What is wrong.
        error: RecordError,
    },
}

fn check_header(h: &[u8], path: &Path) -> Result<(), DataError> {
    if h.len() < HEADER_LEN || &h[..4] != MAGIC {
        return Err(DataError::NotData {
            path: path.to_path_buf(),
        });
    }
    let version = u16::from_le_bytes([h[4], h[5]]);
    let size = u16::from_le_bytes([h[6], h[7]]);
    if version != VERSION || usize::from(size) != RECORD_LEN {
        return Err(DataError::Format {
            path: path.to_path_buf(),
            version,
            size,
        });
    }
    Ok(())
}

/// Appends games to a data file, creating it if needed.
#[derive(Debug)]
pub struct DataWriter {
    file: File,
    /// Records in the file.
    pub positions: u64,
    /// Games in the file (records that start a game).
    pub games: u64,
}

impl DataWriter {
    /// Opens `path` for appending (creating it with a header if it does not
    /// exist or is empty), trims a torn last record and counts what is there.
    ///
    /// # Errors
    /// When the file cannot be opened or written, or is not a data file.
    pub fn open(path: &Path) -> Result<DataWriter, DataError> {
        let io = |error: io::Error| DataError::Write {
            path: path.to_path_buf(),
            error,
        };
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(io)?;
        let len = file.metadata().map_err(io)?.len();
        if len == 0 {
            file.write_all(&header()).map_err(io)?;
            file.sync_data().map_err(io)?;
            return Ok(DataWriter {
                file,
                positions: 0,
                games: 0,
            });
        }
        let mut h = [0u8; HEADER_LEN];
        let got = read_up_to(&mut file, &mut h).map_err(io)?;
        check_header(&h[..got], path)?;
        let body = len - HEADER_LEN as u64;
        let whole = body / RECORD_LEN as u64;
        if !body.is_multiple_of(RECORD_LEN as u64) {
            file.set_len(HEADER_LEN as u64 + whole * RECORD_LEN as u64)
                .map_err(io)?;
        }
        // Count the games: the flags byte of every record.
        let mut games = 0;
        let mut reader = io::BufReader::with_capacity(1 << 20, &mut file);
        let mut rec = [0u8; RECORD_LEN];
        for _ in 0..whole {
            reader.read_exact(&mut rec).map_err(io)?;
            games += u64::from(rec[45] & 8 != 0);
        }
        drop(reader);
        file.seek(SeekFrom::End(0)).map_err(io)?;
        Ok(DataWriter {
            file,
            positions: whole,
            games,
        })
    }

    /// Appends one game's records in one write.
    ///
    /// # Errors
    /// A write error.
    pub fn append(&mut self, records: &[Record]) -> io::Result<()> {
        let mut buf = Vec::with_capacity(records.len() * RECORD_LEN);
        for r in records {
            buf.extend_from_slice(&r.encode());
        }
        self.file.write_all(&buf)?;
        self.positions += records.len() as u64;
        self.games += u64::from(records.first().is_some_and(|r| r.game_start));
        Ok(())
    }

    /// Flushes to the disk.
    ///
    /// # Errors
    /// A write error.
    pub fn sync(&mut self) -> io::Result<()> {
        self.file.sync_data()
    }
}

fn read_up_to(f: &mut File, buf: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match f.read(&mut buf[n..])? {
            0 => break,
            k => n += k,
        }
    }
    Ok(n)
}

/// Reads every record of a data file. A trailing partial record is
/// ignored (a run killed mid-write); a damaged record is an error naming
/// its index.
///
/// # Errors
/// When the file cannot be read, is not a data file or holds a damaged record.
pub fn read_all(path: &Path) -> Result<Vec<Record>, DataError> {
    let bytes = std::fs::read(path).map_err(|error| DataError::Read {
        path: path.to_path_buf(),
        error,
    })?;
    check_header(&bytes, path)?;
    let body = &bytes[HEADER_LEN..];
    let mut out = Vec::with_capacity(body.len() / RECORD_LEN);
    for (i, chunk) in body.chunks_exact(RECORD_LEN).enumerate() {
        let rec: &[u8; RECORD_LEN] = chunk.try_into().expect("chunks_exact");
        out.push(Record::decode(rec).map_err(|error| DataError::Record {
            path: path.to_path_buf(),
            index: i,
            error,
        })?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_round_trips() {
        let pos = Position::from_fen(
            "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/6P2/P1P1P3P/1C2C1N2/9/RNBAKAB1R b - - 0 1",
        )
        .unwrap();
        let r = Record::new(&pos, 37, GameResult::RedWins, true);
        assert_eq!(
            r.score, -37,
            "a score for Black to move is stored from Red's side"
        );
        let back = Record::decode(&r.encode()).unwrap();
        assert_eq!(back, r);
        assert_eq!(back.board, pos.board);
    }

    #[test]
    fn damaged_records_say_what_is_wrong() {
        let r = Record::new(&Position::startpos(), 0, GameResult::Draw, false);
        let mut b = r.encode();
        b[45] = 0x16;
        assert!(
            Record::decode(&b)
                .unwrap_err()
                .to_string()
                .contains("reserved")
        );
        let mut b = r.encode();
        b[45] = 0b110;
        assert!(
            Record::decode(&b)
                .unwrap_err()
                .to_string()
                .contains("result")
        );
        let mut b = r.encode();
        b[2] = 0; // the red general stands on point 4 (byte 2, low nibble)
        assert!(
            Record::decode(&b)
                .unwrap_err()
                .to_string()
                .contains("generals")
        );
    }

    #[test]
    fn the_writer_appends_trims_a_torn_record_and_counts_games() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("d.bin");
        let r = Record::new(&Position::startpos(), 5, GameResult::Draw, true);
        let s = Record {
            game_start: false,
            ..r
        };
        {
            let mut w = DataWriter::open(&path).unwrap();
            w.append(&[r, s, s]).unwrap();
        }
        // A run killed inside a record.
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(&[1, 2, 3]).unwrap();
        drop(f);
        let mut w = DataWriter::open(&path).unwrap();
        assert_eq!((w.positions, w.games), (3, 1));
        w.append(&[r, s]).unwrap();
        drop(w);
        let all = read_all(&path).unwrap();
        assert_eq!(all.len(), 5);
        assert!(all[3].game_start && !all[4].game_start);
        std::fs::write(&path, b"not a data file at all").unwrap();
        assert!(
            DataWriter::open(&path)
                .unwrap_err()
                .to_string()
                .contains("not a training-data file")
        );
    }
}
