//! Option declarations. Each engine or game option is declared once, as one entry of a
//! table ([`OptionDecl`]): its name, type, range, default, a one-line description and the
//! field it sets. The protocol's `options` list, `setoption` (parsing, range checks and
//! the error text) and the settings' defaults are all derived from that table, so adding
//! an option is adding one entry.
//!
//! Values are parsed here, at the protocol edge; the settings structs keep plain typed
//! fields for the search to read.

/// One option of settings `T`.
pub struct OptionDecl<T> {
    /// The name `setoption` takes (matched case-insensitively) and `options` shows.
    pub name: &'static str,
    /// One line on what the option does, for `options` and for help texts.
    pub description: &'static str,
    pub kind: Kind<T>,
}

/// An option's type (as UCI names them), its range and default, and the field it sets.
pub enum Kind<T> {
    /// An integer from `min` to `max`.
    Spin {
        default: i64,
        min: i64,
        max: i64,
        field: fn(&mut T) -> &mut dyn Integer,
    },
    /// `true` or `false`.
    Check {
        default: bool,
        field: fn(&mut T) -> &mut bool,
    },
    /// One of the names of a [`Choice`] type.
    Combo {
        default: &'static str,
        field: fn(&mut T) -> &mut dyn ChoiceField,
    },
    /// Any text.
    Text {
        default: &'static str,
        field: fn(&mut T) -> &mut String,
    },
    /// An action with no value (`setoption name N` with any or no value runs it).
    Button { press: fn(&mut T) },
}

impl<T> OptionDecl<T> {
    /// An integer option from `min` to `max`.
    pub const fn spin(
        name: &'static str,
        default: i64,
        min: i64,
        max: i64,
        field: fn(&mut T) -> &mut dyn Integer,
        description: &'static str,
    ) -> Self {
        OptionDecl {
            name,
            description,
            kind: Kind::Spin {
                default,
                min,
                max,
                field,
            },
        }
    }

    /// A `true`/`false` option.
    pub const fn check(
        name: &'static str,
        default: bool,
        field: fn(&mut T) -> &mut bool,
        description: &'static str,
    ) -> Self {
        OptionDecl {
            name,
            description,
            kind: Kind::Check { default, field },
        }
    }

    /// An option that takes one of the names of a [`Choice`] type.
    pub const fn combo(
        name: &'static str,
        default: &'static str,
        field: fn(&mut T) -> &mut dyn ChoiceField,
        description: &'static str,
    ) -> Self {
        OptionDecl {
            name,
            description,
            kind: Kind::Combo { default, field },
        }
    }

    /// A text option.
    pub const fn text(
        name: &'static str,
        default: &'static str,
        field: fn(&mut T) -> &mut String,
        description: &'static str,
    ) -> Self {
        OptionDecl {
            name,
            description,
            kind: Kind::Text { default, field },
        }
    }

    /// An action.
    pub const fn button(name: &'static str, press: fn(&mut T), description: &'static str) -> Self {
        OptionDecl {
            name,
            description,
            kind: Kind::Button { press },
        }
    }

    /// The UCI type word: `spin`, `check`, `combo`, `string` or `button`.
    pub fn type_name(&self) -> &'static str {
        match self.kind {
            Kind::Spin { .. } => "spin",
            Kind::Check { .. } => "check",
            Kind::Combo { .. } => "combo",
            Kind::Text { .. } => "string",
            Kind::Button { .. } => "button",
        }
    }

    /// The default as `setoption` takes it (`None` for a button).
    pub fn default_text(&self) -> Option<String> {
        match self.kind {
            Kind::Spin { default, .. } => Some(default.to_string()),
            Kind::Check { default, .. } => Some(default.to_string()),
            Kind::Combo { default, .. } | Kind::Text { default, .. } => Some(default.to_string()),
            Kind::Button { .. } => None,
        }
    }

    /// Sets the option of `settings` to `value`; a value the option refuses leaves
    /// `settings` as it was.
    ///
    /// # Errors
    /// Why the value is refused ("expected an integer from 1 to 256").
    pub fn set(&self, settings: &mut T, value: &str) -> Result<(), String> {
        match self.kind {
            Kind::Spin {
                min, max, field, ..
            } => match value.parse::<i64>() {
                Ok(v) if (min..=max).contains(&v) && field(settings).set(v) => Ok(()),
                _ => Err(format!("expected an integer from {min} to {max}")),
            },
            Kind::Check { field, .. } => {
                *field(settings) = match value.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    _ => return Err("expected true or false".to_string()),
                };
                Ok(())
            }
            Kind::Combo { field, .. } => {
                let choice = field(settings);
                if choice.choose(value) {
                    Ok(())
                } else {
                    Err(format!("expected {}", either(&choice.names())))
                }
            }
            Kind::Text { field, .. } => {
                *field(settings) = value.to_string();
                Ok(())
            }
            Kind::Button { press } => {
                press(settings);
                Ok(())
            }
        }
    }
}

impl<T: Clone> OptionDecl<T> {
    /// The current value in `settings`, spelled as `setoption` takes it (`None` for a
    /// button).
    pub fn value(&self, settings: &T) -> Option<String> {
        // The accessors give `&mut`; reading goes through a copy of the settings.
        let mut copy = settings.clone();
        match self.kind {
            Kind::Spin { field, .. } => Some(field(&mut copy).get().to_string()),
            Kind::Check { field, .. } => Some(field(&mut copy).to_string()),
            Kind::Combo { field, .. } => Some(field(&mut copy).name().to_string()),
            Kind::Text { field, .. } => Some(field(&mut copy).clone()),
            Kind::Button { .. } => None,
        }
    }

    /// The type, default and range as UCI's `option` line has them after the name:
    /// `type spin default 64 min 1 max 16384`, `type combo default a var a var b`,
    /// `type check default false`, `type string default x`, `type button`.
    pub fn shape(&self, settings: &T) -> String {
        let mut text = format!("type {}", self.type_name());
        if let Some(default) = self.default_text() {
            text += &format!(" default {default}");
        }
        match self.kind {
            Kind::Spin { min, max, .. } => text += &format!(" min {min} max {max}"),
            Kind::Combo { field, .. } => {
                for name in field(&mut settings.clone()).names() {
                    text += &format!(" var {name}");
                }
            }
            _ => {}
        }
        text
    }
}

/// The option of `options` named `name`, ignoring case.
pub fn find<'a, T>(options: &'a [OptionDecl<T>], name: &str) -> Option<&'a OptionDecl<T>> {
    options.iter().find(|o| o.name.eq_ignore_ascii_case(name))
}

/// `settings` with every option of `options` set to its declared default. `settings`
/// gives the fields no option sets (there should be none).
pub fn with_defaults<T>(mut settings: T, options: &[OptionDecl<T>]) -> T {
    for option in options {
        if let Some(default) = option.default_text() {
            // Every default is within its own range (checked by the tests of each table);
            // a refused one would leave the field as `settings` had it.
            let _ = option.set(&mut settings, &default);
        }
    }
    settings
}

/// `a`, `a or b`, `a, b or c`.
fn either(names: &[&str]) -> String {
    match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// An integer field of any width, set through an `i64` within the option's range.
pub trait Integer {
    fn get(&self) -> i64;
    /// Sets the field to `value`; `false` (and no change) if the field cannot hold it.
    fn set(&mut self, value: i64) -> bool;
}

macro_rules! integer_fields {
    ($($t:ty),*) => {$(
        impl Integer for $t {
            fn get(&self) -> i64 {
                i64::try_from(*self).unwrap_or(i64::MAX)
            }
            fn set(&mut self, value: i64) -> bool {
                match <$t>::try_from(value) {
                    Ok(v) => {
                        *self = v;
                        true
                    }
                    Err(_) => false,
                }
            }
        }
    )*};
}
integer_fields!(i32, u32, i64, u64, usize);

/// A type whose values a combo option names.
pub trait Choice: Copy + PartialEq + 'static {
    /// Every value with its name, in the order `options` lists them.
    const CHOICES: &'static [(&'static str, Self)];
}

/// A combo option's field, whatever its [`Choice`] type.
pub trait ChoiceField {
    /// Every name, in order.
    fn names(&self) -> Vec<&'static str>;
    /// The name of the current value.
    fn name(&self) -> &'static str;
    /// Takes the value named `name` (ignoring case); `false` (and no change) if there is
    /// none.
    fn choose(&mut self, name: &str) -> bool;
}

impl<C: Choice> ChoiceField for C {
    fn names(&self) -> Vec<&'static str> {
        C::CHOICES.iter().map(|(name, _)| *name).collect()
    }

    fn name(&self) -> &'static str {
        C::CHOICES
            .iter()
            .find(|(_, value)| value == self)
            .map_or("", |(name, _)| name)
    }

    fn choose(&mut self, name: &str) -> bool {
        match C::CHOICES
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some((_, value)) => {
                *self = *value;
                true
            }
            None => false,
        }
    }
}

/// The checks every table of options must pass: each default is accepted by its own
/// range and round-trips (set, then read back), and every value of each range
/// round-trips; names are unique. For the tests of each table.
///
/// # Errors
/// The first problem found.
pub fn check_table<T: Clone>(options: &[OptionDecl<T>], defaults: &T) -> Result<(), String> {
    for (i, option) in options.iter().enumerate() {
        let name = option.name;
        if options[..i]
            .iter()
            .any(|o| o.name.eq_ignore_ascii_case(name))
        {
            return Err(format!("{name} is declared twice"));
        }
        if option.description.is_empty() || option.description.contains('\n') {
            return Err(format!("{name} needs a one-line description"));
        }
        let Some(default) = option.default_text() else {
            continue;
        };
        let mut settings = defaults.clone();
        option
            .set(&mut settings, &default)
            .map_err(|e| format!("{name}: the default {default} is refused: {e}"))?;
        if option.value(defaults).as_deref() != Some(default.as_str()) {
            return Err(format!(
                "{name}: the defaults hold {:?}, not the declared {default}",
                option.value(defaults)
            ));
        }
        let values: Vec<String> = match option.kind {
            Kind::Spin { min, max, .. } => vec![min.to_string(), max.to_string()],
            Kind::Check { .. } => vec!["true".into(), "false".into()],
            Kind::Combo { field, .. } => field(&mut settings.clone())
                .names()
                .iter()
                .map(|n| n.to_string())
                .collect(),
            Kind::Text { .. } => vec!["some text".into()],
            Kind::Button { .. } => Vec::new(),
        };
        for value in values {
            let mut settings = defaults.clone();
            option
                .set(&mut settings, &value)
                .map_err(|e| format!("{name} {value} is refused: {e}"))?;
            if option.value(&settings).as_deref() != Some(value.as_str()) {
                return Err(format!(
                    "{name} {value} reads back as {:?}",
                    option.value(&settings)
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Colour {
        Red,
        Green,
        Blue,
    }

    impl Choice for Colour {
        const CHOICES: &'static [(&'static str, Self)] = &[
            ("red", Colour::Red),
            ("green", Colour::Green),
            ("blue", Colour::Blue),
        ];
    }

    #[derive(Clone, Debug, PartialEq)]
    struct Settings {
        size: u32,
        offset: i32,
        on: bool,
        colour: Colour,
        label: String,
        presses: u32,
    }

    const OPTIONS: &[OptionDecl<Settings>] = &[
        OptionDecl::spin("Size", 16, 1, 1024, |s| &mut s.size, "the size"),
        OptionDecl::spin("Offset", -3, -10, 10, |s| &mut s.offset, "the offset"),
        OptionDecl::check("On", true, |s| &mut s.on, "whether it is on"),
        OptionDecl::combo("Colour", "green", |s| &mut s.colour, "the colour"),
        OptionDecl::text("Label", "none", |s| &mut s.label, "the label"),
        OptionDecl::button("Press", |s| s.presses += 1, "counts a press"),
    ];

    fn defaults() -> Settings {
        let blank = Settings {
            size: 0,
            offset: 0,
            on: false,
            colour: Colour::Red,
            label: String::new(),
            presses: 0,
        };
        with_defaults(blank, OPTIONS)
    }

    #[test]
    fn defaults_come_from_the_declarations() {
        assert_eq!(
            defaults(),
            Settings {
                size: 16,
                offset: -3,
                on: true,
                colour: Colour::Green,
                label: "none".into(),
                presses: 0,
            }
        );
        assert_eq!(check_table(OPTIONS, &defaults()), Ok(()));
    }

    #[test]
    fn shapes_are_uci_option_lines() {
        let shapes: Vec<String> = OPTIONS.iter().map(|o| o.shape(&defaults())).collect();
        assert_eq!(
            shapes,
            [
                "type spin default 16 min 1 max 1024",
                "type spin default -3 min -10 max 10",
                "type check default true",
                "type combo default green var red var green var blue",
                "type string default none",
                "type button",
            ]
        );
    }

    #[test]
    fn values_are_parsed_and_refused_values_change_nothing() {
        let mut s = defaults();
        let set = |s: &mut Settings, name: &str, value: &str| {
            find(OPTIONS, name).map(|o| o.set(s, value))
        };
        assert_eq!(set(&mut s, "size", "1024"), Some(Ok(())));
        assert_eq!(set(&mut s, "OFFSET", "-10"), Some(Ok(())));
        assert_eq!(set(&mut s, "on", "FALSE"), Some(Ok(())));
        assert_eq!(set(&mut s, "colour", "Blue"), Some(Ok(())));
        assert_eq!(set(&mut s, "label", "a b"), Some(Ok(())));
        assert_eq!(set(&mut s, "press", ""), Some(Ok(())));
        let set_once = s.clone();
        assert_eq!(
            (
                s.size,
                s.offset,
                s.on,
                s.colour,
                s.label.as_str(),
                s.presses
            ),
            (1024, -10, false, Colour::Blue, "a b", 1)
        );
        let refused = [
            ("Size", "0", "expected an integer from 1 to 1024"),
            ("Size", "1025", "expected an integer from 1 to 1024"),
            ("Size", "x", "expected an integer from 1 to 1024"),
            ("Offset", "11", "expected an integer from -10 to 10"),
            ("On", "yes", "expected true or false"),
            ("Colour", "pink", "expected red, green or blue"),
        ];
        for (name, value, reason) in refused {
            assert_eq!(set(&mut s, name, value), Some(Err(reason.to_string())));
            assert_eq!(s, set_once, "{name} {value} changed nothing");
        }
        assert!(set(&mut s, "Missing", "1").is_none());
        assert_eq!(OPTIONS[3].value(&s).as_deref(), Some("blue"));
        assert_eq!(OPTIONS[5].value(&s), None);
    }

    #[test]
    fn a_bad_table_fails_its_check() {
        let out_of_range: &[OptionDecl<Settings>] = &[OptionDecl::spin(
            "Size",
            0,
            1,
            8,
            |s| &mut s.size,
            "the size",
        )];
        assert!(check_table(out_of_range, &defaults())
            .is_err_and(|e| e.contains("the default 0 is refused")));
        let twice: &[OptionDecl<Settings>] = &[
            OptionDecl::check("On", true, |s| &mut s.on, "on"),
            OptionDecl::check("on", true, |s| &mut s.on, "on"),
        ];
        assert_eq!(
            check_table(twice, &defaults()),
            Err("on is declared twice".to_string())
        );
        let bad_combo: &[OptionDecl<Settings>] =
            &[OptionDecl::combo("Colour", "pink", |s| &mut s.colour, "c")];
        assert!(check_table(bad_combo, &defaults()).is_err());
    }
}
