//! A crowd written to JSON beside its simulation's state and read back into
//! a fresh simulation: with no plan half made it goes on bit for bit; with
//! plans half made they are made again and every body still gets there;
//! a save out of range is refused with the member it names.

mod support;

use support::errands::{Run, go_on, send_across};
use support::terrain::bumpy_terrain;
use voxwalk::controller::{BodyHandle, Settings, Simulation, SimulationState};
use voxwalk::navigate::{Crowd, CrowdEvent, CrowdSave, CrowdSaveError};

const SAVED_AT: u32 = 110;
const END: u32 = 600;

/// 24 bodies on 48 × 48 bumpy terrain sent 30 to 50 blocks across,
/// planning `work_per_tick` a tick; the crowd and the simulation's state
/// written to JSON at [`SAVED_AT`]. The original runs on to [`END`], then
/// the save is read into a fresh simulation and crowd and runs the same
/// ticks. With it, the crowd's save as JSON.
fn saved_and_restored(work_per_tick: u64) -> (Run, Run, String) {
    let world = bumpy_terrain(48, 48);
    let mut sim = Simulation::new(world.clone(), Settings::default()).unwrap();
    let mut crowd = Crowd::new();
    crowd.work_per_tick = work_per_tick;
    let handles = send_across(&world, &mut sim, &mut crowd);
    go_on(&mut sim, &mut crowd, &handles, (0, SAVED_AT));
    let state = serde_json::to_string(&sim.state()).unwrap();
    let save = serde_json::to_string(&crowd.save()).unwrap();
    let original = go_on(&mut sim, &mut crowd, &handles, (SAVED_AT, END));
    let mut sim = Simulation::new(world, Settings::default()).unwrap();
    let state: SimulationState = serde_json::from_str(&state).unwrap();
    sim.restore(state).unwrap();
    let mut crowd = Crowd::restore(serde_json::from_str(&save).unwrap()).unwrap();
    let again = go_on(&mut sim, &mut crowd, &handles, (SAVED_AT, END));
    (original, again, save)
}

fn arrived(run: &Run) -> Vec<BodyHandle> {
    let mut bodies: Vec<BodyHandle> = run
        .ticks
        .iter()
        .flat_map(|(_, events)| events)
        .filter(|(_, e)| *e == CrowdEvent::Arrived)
        .map(|&(h, _)| h)
        .collect();
    bodies.sort_unstable();
    bodies.dedup();
    bodies
}

/// Every plan made in the tick it is asked for (no work bound): at the save
/// each body follows its plan, and the restored crowd gives every input and
/// event of 490 ticks, through a wall built across the ways, and every
/// body's end feet, bit for bit.
#[test]
fn a_crowd_saved_with_no_plan_half_made_goes_on_bit_for_bit() {
    let (original, again, save) = saved_and_restored(u64::MAX);
    let arrived = arrived(&original);
    println!(
        "{} bytes of JSON; {} arrived after the save",
        save.len(),
        arrived.len()
    );
    assert!(arrived.len() >= 12, "{}", arrived.len());
    assert!(
        original == again,
        "the restored crowd parted from the saved"
    );
}

/// 5,000 work a tick: some plans are half made at the save. They are made
/// again from their start, so the run parts from the original, but every
/// body the original brought to its goal arrives.
#[test]
fn a_crowd_saved_mid_plan_still_brings_every_body_there() {
    let (original, again, save) = saved_and_restored(5_000);
    assert!(save.contains("to_plan"), "some plans half made at the save");
    let (first, second) = (arrived(&original), arrived(&again));
    println!(
        "{} arrived after the save, {} after the restore",
        first.len(),
        second.len()
    );
    assert!(first.len() >= 12, "{}", first.len());
    assert_eq!(first, second);
}

/// A save edited out of range is refused, naming the member; a field no
/// save has is refused by the reader.
#[test]
fn a_save_out_of_range_is_refused() {
    let (_, _, save) = saved_and_restored(u64::MAX);
    let restore = |text: &str| Crowd::restore(serde_json::from_str::<CrowdSave>(text).unwrap());
    let next = save.find("\"next\":").unwrap();
    let past = format!("{}\"next\":100000{}", &save[..next], {
        let rest = &save[next + 7..];
        &rest[rest.find(',').unwrap()..]
    });
    match restore(&past) {
        Err(CrowdSaveError::Member { member, what, .. }) => {
            println!("refused: member {member}: {what}");
            assert!(what.contains("past its end"), "{what}");
        }
        other => panic!("{other:?}"),
    }
    let feet = save.find("\"feet\":[\"").unwrap() + 9;
    let nan = format!("{}NaN{}", &save[..feet], {
        let rest = &save[feet..];
        &rest[rest.find('"').unwrap()..]
    });
    assert!(matches!(restore(&nan), Err(CrowdSaveError::Member { .. })));
    let twice = save.replacen("\"body\":{\"slot\":1,", "\"body\":{\"slot\":0,", 1);
    assert!(twice != save, "a second member's body named");
    assert!(matches!(restore(&twice), Err(CrowdSaveError::Twice(_))));
    let unknown = save.replacen("\"clock\":", "\"hours\":1,\"clock\":", 1);
    assert!(serde_json::from_str::<CrowdSave>(&unknown).is_err());
}
