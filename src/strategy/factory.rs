//! Strategy factories: how a seat's strategy is built. Every [`StrategySpec`] the runners
//! play carries one: a built-in bot with its knobs, an `exec:` bot, or a library user's own
//! [`StrategyFactory`] (see [`StrategySpec::custom`]). The factory is held type-erased so
//! that specs stay one plain type for every game; it is read back for the game it was made
//! for.

use super::{Bot, Params, Strategy, StrategySpec};
use crate::error::{Error, Result};
use crate::game::Game;
use std::any::Any;
use std::sync::Arc;

/// Makes fresh instances of one strategy for one game. The runners build one instance per
/// seat per batch of deals, from any worker thread.
pub trait StrategyFactory<G: Game>: Send + Sync + 'static {
    /// A fresh instance.
    fn build(&self) -> Box<dyn Strategy<G>>;
    /// Why the strategy cannot go on (an `exec:` bot that answered garbage, exited or went
    /// silent), once that has happened: the run stops and reports it.
    fn failure(&self) -> Option<String> {
        None
    }
}

impl<G: Game, F> StrategyFactory<G> for F
where
    F: Fn() -> Box<dyn Strategy<G>> + Send + Sync + 'static,
{
    fn build(&self) -> Box<dyn Strategy<G>> {
        self()
    }
}

/// A built-in bot with its knob values.
pub(super) struct BuiltIn<G: Game> {
    pub(super) bot: Bot<G>,
    pub(super) params: Params,
}

impl<G: Game> StrategyFactory<G> for BuiltIn<G> {
    fn build(&self) -> Box<dyn Strategy<G>> {
        (self.bot.build)(&self.params)
    }
}

/// A type-erased `Arc<dyn StrategyFactory<G>>`, for the game `G` it was made for.
#[derive(Clone)]
pub struct Factory(Arc<dyn Any + Send + Sync>);

impl Factory {
    /// Wraps a factory for game `G`.
    pub fn new<G: Game>(f: Arc<dyn StrategyFactory<G>>) -> Factory {
        Factory(Arc::new(f))
    }

    /// The factory, when it was made for game `G`.
    pub fn get<G: Game>(&self) -> Option<&Arc<dyn StrategyFactory<G>>> {
        self.0.downcast_ref()
    }
}

impl std::fmt::Debug for Factory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Factory")
    }
}

impl PartialEq for Factory {
    fn eq(&self, o: &Factory) -> bool {
        Arc::ptr_eq(&self.0, &o.0)
    }
}

impl StrategySpec {
    /// A strategy of the caller's own, labelled `label` in every output: each seat given
    /// this spec gets a fresh instance from `factory`.
    ///
    /// ```
    /// use cardsim::games::golf::Golf;
    /// use cardsim::strategy::{Random, Strategy, StrategySpec};
    /// let spec = StrategySpec::custom::<Golf>("mine", || {
    ///     Box::new(Random) as Box<dyn Strategy<Golf>>
    /// });
    /// assert_eq!(spec.label, "mine");
    /// ```
    pub fn custom<G: Game>(label: &str, factory: impl StrategyFactory<G>) -> StrategySpec {
        StrategySpec {
            label: label.to_string(),
            base: label.to_string(),
            params: Params::default(),
            file: None,
            factory: Some(Factory::new::<G>(Arc::new(factory))),
        }
    }

    /// This spec's factory for game `G`; panics when the spec was made for another game or
    /// by hand without one (a bug: [`super::resolve`] and [`StrategySpec::custom`] always
    /// give one).
    pub fn factory<G: Game>(&self) -> &Arc<dyn StrategyFactory<G>> {
        self.factory
            .as_ref()
            .and_then(|f| f.get::<G>())
            .unwrap_or_else(|| {
                panic!(
                    "strategy '{}' was not made for {} (use strategy::resolve)",
                    self.label,
                    G::NAME
                )
            })
    }
}

/// Builds a fresh instance of the strategy a spec names.
pub fn build<G: Game>(spec: &StrategySpec) -> Box<dyn Strategy<G>> {
    spec.factory::<G>().build()
}

/// True once a strategy among `specs` has failed: runners stop playing.
pub fn any_failed<G: Game>(specs: &[StrategySpec]) -> bool {
    specs.iter().any(|s| s.factory::<G>().failure().is_some())
}

/// The first failure among `specs`, as the run's error (exit code 1).
pub fn check_failures<G: Game>(specs: &[StrategySpec]) -> Result<()> {
    match specs.iter().find_map(|s| s.factory::<G>().failure()) {
        Some(m) => Err(Error::Other(m)),
        None => Ok(()),
    }
}
