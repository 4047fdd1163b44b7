//! World edits as commands.

use bevy_ecs::system::Command;
use bevy_ecs::world::World as EcsWorld;
use voxwalk::world::{BlockSource, World};

use crate::resource::Voxwalk;

/// A change to the voxwalk world, made when commands apply: through
/// [`Voxwalk::edit_world`], so the characters never read a cell as it was
/// before.
///
/// ```
/// # use bevy_ecs::system::Commands;
/// use bevy_voxwalk::EditWorld;
/// use voxwalk::glam::IVec3;
/// use voxwalk::block::BlockId;
/// use voxwalk::world::World;
///
/// fn dig(mut commands: Commands) {
///     commands.queue(EditWorld::new(|world: &mut World| {
///         world.set_block(IVec3::new(0, -1, 0), BlockId::AIR);
///     }));
/// }
/// ```
pub struct EditWorld<F, W = World> {
    edit: F,
    world: std::marker::PhantomData<fn(&mut W)>,
}

impl<F: FnOnce(&mut W) + Send + 'static, W: BlockSource + Send + Sync + 'static> EditWorld<F, W> {
    /// The edit `edit` makes to the world.
    pub fn new(edit: F) -> Self {
        EditWorld {
            edit,
            world: std::marker::PhantomData,
        }
    }
}

impl<F: FnOnce(&mut W) + Send + 'static, W: BlockSource + Send + Sync + 'static> Command
    for EditWorld<F, W>
{
    type Out = ();

    fn apply(self, ecs: &mut EcsWorld) {
        if let Some(mut voxwalk) = ecs.get_resource_mut::<Voxwalk<W>>() {
            voxwalk.edit_world(self.edit);
        }
    }
}
