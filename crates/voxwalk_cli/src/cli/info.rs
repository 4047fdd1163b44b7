//! `voxwalk info`: what a world file holds.

use std::fmt::Write as _;
use std::io::Write;

use clap::Args;

use super::CliError;
use voxwalk::block::BlockId;
use voxwalk::printable::{LineBreaks, terminal_safe};
use voxwalk::world::Chunk;

/// A name or path from a file, on one line of the report.
fn safe(text: &str) -> String {
    terminal_safe(text, LineBreaks::Escape)
}

/// Arguments of `voxwalk info`.
#[derive(Debug, Args)]
pub struct InfoArgs {
    /// A world file of any readable format, `gen:PRESET:SEED`, or a
    /// Minecraft save folder.
    pub world: String,
    /// A save folder's dimension: overworld, nether or end.
    #[arg(long, value_name = "NAME", default_value = "overworld")]
    pub dimension: String,
}

pub(super) fn run(
    args: &InfoArgs,
    budget: voxwalk::formats::ReadBudget,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    if std::path::Path::new(&args.world).is_dir() {
        return folder_info(args, out);
    }
    let bytes = if args.world.starts_with("gen:") {
        None
    } else {
        std::fs::metadata(&args.world).map(|m| m.len()).ok()
    };
    let loaded = super::open_world(&args.world, budget)?;
    let (world, format) = (loaded.world(), loaded.format());
    let (mut uniform, mut mixed, mut memory) = (0usize, 0usize, 0usize);
    for (_, chunk) in world.chunks() {
        match chunk {
            Chunk::Uniform(_) => uniform += 1,
            Chunk::Mixed(_) => mixed += 1,
        }
        memory += chunk.storage_bytes();
    }
    let mut text = String::new();
    let _ = writeln!(text, "world    {}", safe(&args.world));
    let _ = writeln!(text, "name     {}", safe(&world.name));
    let _ = writeln!(text, "format   {format}");
    if let Some(b) = bytes {
        let _ = writeln!(text, "file     {b} bytes");
    }
    match world.bounds() {
        Some((lo, hi)) => {
            let size = hi - lo + glam::IVec3::ONE;
            let _ = writeln!(
                text,
                "bounds   {} .. {} ({}×{}×{} cells)",
                lo, hi, size.x, size.y, size.z
            );
        }
        None => {
            let _ = writeln!(text, "bounds   empty");
        }
    }
    let _ = writeln!(
        text,
        "chunks   {} stored: {uniform} uniform, {mixed} mixed",
        uniform + mixed
    );
    let _ = writeln!(text, "memory   {memory} bytes of block storage");
    match world.spawn {
        Some(s) => {
            let _ = writeln!(text, "spawn    {} {} {}", s.x, s.y, s.z);
        }
        None => {
            let _ = writeln!(text, "spawn    none");
        }
    }
    let movers = loaded.movers();
    if !movers.is_empty() {
        let blocks: usize = movers.iter().map(|m| m.blocks().len()).sum();
        let _ = writeln!(text, "movers   {} ({blocks} blocks)", movers.len());
    }
    for warning in loaded.warnings() {
        let _ = writeln!(text, "warning  {}", safe(warning));
    }
    let counts = world.count_blocks();
    let _ = writeln!(text, "blocks");
    let registry = world.registry();
    for (index, &n) in counts.iter().enumerate() {
        let block = BlockId(index as u16);
        if n > 0 && block != BlockId::AIR {
            let behaviour = describe_behaviour(registry.behaviour(block));
            let _ = writeln!(text, "  {:<9} {n}{behaviour}", safe(registry.name(block)));
        }
    }
    text.push_str(&liquid_lines(world, &counts));
    out.write_all(text.as_bytes())
        .map_err(|source| CliError::Io {
            place: "stdout".into(),
            source,
        })
}

/// The `liquids` list: cells of water and lava by level (source, flowing
/// 1–7, falling 8–15), how many hold a block too (waterlogged), how many
/// are bubble columns; nothing for a world without liquids.
fn liquid_lines(world: &voxwalk::world::World, counts: &[u64]) -> String {
    use voxwalk::block::{BubbleColumn, LiquidKind};
    let registry = world.registry();
    let mut by_level = std::collections::BTreeMap::<(&str, u8), u64>::new();
    let (mut waterlogged, mut lifts, mut drags) = (0u64, 0u64, 0u64);
    for (index, &n) in counts.iter().enumerate() {
        let block = BlockId(index as u16);
        let behaviour = registry.behaviour(block);
        let Some(liquid) = behaviour.liquid.filter(|_| n > 0) else {
            continue;
        };
        let kind = match liquid.kind {
            LiquidKind::Water => "water",
            LiquidKind::Lava => "lava",
        };
        *by_level.entry((kind, liquid.level)).or_default() += n;
        if !registry.collision_shape(block).is_empty() {
            waterlogged += n;
        }
        match behaviour.bubble_column {
            Some(BubbleColumn::Lifts) => lifts += n,
            Some(BubbleColumn::Drags) => drags += n,
            None => {}
        }
    }
    if by_level.is_empty() {
        return String::new();
    }
    let mut text = String::from("liquids\n");
    for ((kind, level), n) in &by_level {
        let what = match level {
            0 => "source".to_owned(),
            1..=7 => format!("flowing, level {level}"),
            _ => format!("falling, level {level}"),
        };
        let _ = writeln!(text, "  {kind:<9} {n} ({what})");
    }
    if waterlogged > 0 {
        let _ = writeln!(text, "  waterlogged blocks {waterlogged}");
    }
    if lifts + drags > 0 {
        let _ = writeln!(
            text,
            "  bubble columns {} ({lifts} lifting, {drags} dragging down)",
            lifts + drags
        );
    }
    text
}

/// A block type's behaviours for the `blocks` list, or nothing for a plain one.
fn describe_behaviour(b: &voxwalk::block::Behaviour) -> String {
    let mut parts = Vec::new();
    if b.climbable {
        parts.push("climbable".to_owned());
    }
    if let Some(l) = b.liquid {
        let kind = match l.kind {
            voxwalk::block::LiquidKind::Water => "water",
            voxwalk::block::LiquidKind::Lava => "lava",
        };
        parts.push(format!(
            "liquid: {kind}, level {}, drag {}, gravity {}",
            l.level, l.drag, l.gravity
        ));
    }
    if let Some(column) = b.bubble_column {
        parts.push(format!("bubble column: {column:?}").to_lowercase());
    }
    if b.slipperiness != voxwalk::block::DEFAULT_SLIPPERINESS {
        parts.push(format!("slipperiness {}", b.slipperiness));
    }
    if b.speed_factor != 1.0 {
        parts.push(format!("speed ×{}", b.speed_factor));
    }
    if b.jump_factor != 1.0 {
        parts.push(format!("jump ×{}", b.jump_factor));
    }
    if b.bounce > 0.0 {
        let damped = if b.bounce_undamped { ", undamped" } else { "" };
        parts.push(format!("bounce {}{damped}", b.bounce));
    }
    if b.wall_slide {
        parts.push("slides down its sides".to_owned());
    }
    if b.no_waterfall_wall {
        parts.push("no wall to a waterfall".to_owned());
    }
    if let Some([h, v]) = b.stuck {
        let feet = if b.stuck_at_feet { " (feet in it)" } else { "" };
        parts.push(format!("stuck ×{h} across, ×{v} up and down{feet}"));
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!("  ({})", parts.join(", "))
    }
}

/// What a save folder holds, from its `level.dat` and its region files
/// (none of them read whole).
fn folder_info(args: &InfoArgs, out: &mut dyn Write) -> Result<(), CliError> {
    use voxwalk::formats::save_folder::{Dimension, SaveFolder};
    let dimension = Dimension::from_name(&args.dimension).ok_or_else(|| {
        CliError::Usage(format!(
            "--dimension {}: expected overworld, nether or end",
            args.dimension
        ))
    })?;
    let folder = SaveFolder::open(std::path::Path::new(&args.world), dimension)
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let mut text = String::new();
    let _ = writeln!(text, "world    {}", safe(&args.world));
    let _ = writeln!(text, "name     {}", safe(&folder.name()));
    let _ = writeln!(text, "format   Minecraft save folder ({dimension:?})");
    if let Some(level) = &folder.level {
        if let Some(v) = level.data_version {
            let _ = writeln!(text, "version  data version {v}");
        }
        if let Some(s) = level.spawn {
            let _ = writeln!(text, "spawn    {} {} {}", s.x, s.y, s.z);
        }
        if let Some(p) = level.player {
            let _ = writeln!(text, "player   {} {} {}", p.x, p.y, p.z);
        }
    }
    let regions: Vec<(i32, i32)> = folder.regions().collect();
    match (
        regions.iter().map(|r| r.0).min(),
        regions.iter().map(|r| r.0).max(),
    ) {
        (Some(x0), Some(x1)) => {
            let z0 = regions.iter().map(|r| r.1).min().unwrap_or(0);
            let z1 = regions.iter().map(|r| r.1).max().unwrap_or(0);
            let _ = writeln!(
                text,
                "regions  {} (r.{x0}.{z0} .. r.{x1}.{z1}: blocks x {} .. {}, z {} .. {})",
                regions.len(),
                i64::from(x0) * 512,
                i64::from(x1) * 512 + 511,
                i64::from(z0) * 512,
                i64::from(z1) * 512 + 511
            );
        }
        _ => {
            let _ = writeln!(text, "regions  none");
        }
    }
    for warning in folder.warnings.lines() {
        let _ = writeln!(text, "warning  {}", safe(&warning));
    }
    out.write_all(text.as_bytes())
        .map_err(|source| CliError::Io {
            place: "stdout".into(),
            source,
        })
}
