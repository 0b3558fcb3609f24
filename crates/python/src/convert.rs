//! JSON values (what the library's writers produce, the objects `--format json` prints)
//! into Python's dicts, lists, strings and numbers, and option values from Python.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde_json::Value;

/// The Python value of a JSON value: objects become dicts (keys in the writer's order),
/// arrays lists, numbers int or float as the writer wrote them.
pub fn to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any()
            } else if let Some(u) = n.as_u64() {
                u.into_pyobject(py)?.into_any()
            } else {
                n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any()
            }
        }
        Value::String(s) => s.into_pyobject(py)?.into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_py(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, v) in map {
                dict.set_item(k, to_py(py, v)?)?;
            }
            dict.into_any()
        }
    })
}

/// The Python dict of anything the library serialises.
pub fn serialised<'py>(
    py: Python<'py>,
    value: &impl serde::Serialize,
) -> PyResult<Bound<'py, PyAny>> {
    let value = serde_json::to_value(value).map_err(|e| {
        pyo3::exceptions::PyRuntimeError::new_err(format!(
            "gridlock: cannot encode the answer: {e}"
        ))
    })?;
    to_py(py, &value)
}

/// The JSON value of a Python value (dicts with string keys, lists, tuples, str, int,
/// float, bool, None); `None` for anything else.
pub fn from_py(value: &Bound<'_, PyAny>) -> Option<Value> {
    use pyo3::types::{PyBool, PyFloat, PyInt, PyString, PyTuple};
    if value.is_none() {
        return Some(Value::Null);
    }
    if let Ok(b) = value.cast::<PyBool>() {
        return Some(Value::Bool(b.is_true()));
    }
    if value.is_instance_of::<PyInt>() {
        if let Ok(i) = value.extract::<i64>() {
            return Some(Value::from(i));
        }
        return value.extract::<u64>().ok().map(Value::from);
    }
    if let Ok(f) = value.cast::<PyFloat>() {
        return serde_json::Number::from_f64(f.value()).map(Value::Number);
    }
    if let Ok(s) = value.cast::<PyString>() {
        return s.to_str().ok().map(|s| Value::String(s.to_string()));
    }
    if let Ok(d) = value.cast::<PyDict>() {
        let mut map = serde_json::Map::new();
        for (k, v) in d.iter() {
            let k = k.cast::<PyString>().ok()?.to_str().ok()?.to_string();
            map.insert(k, from_py(&v)?);
        }
        return Some(Value::Object(map));
    }
    if value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>() {
        let items: Vec<Value> = value
            .try_iter()
            .ok()?
            .map(|item| item.ok().and_then(|i| from_py(&i)))
            .collect::<Option<_>>()?;
        return Some(Value::Array(items));
    }
    None
}
