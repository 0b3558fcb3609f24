//! One module per subcommand: argument definitions and the glue from library to output.

pub mod chips;
pub mod generate;
pub mod n_puzzle;
pub mod puzznic;
pub mod rush_hour;
pub mod serve;
pub mod sokoban;
pub mod sokoban_generate;
pub mod universe;
pub mod verify;
