// Not loaded by any page. As a second entry that imports React and ReactDOM, it makes the
// bundler put them in shared chunks whose names change only when React does, so browsers keep
// them cached across releases of the app.
import * as React from "react";
import * as ReactDOM from "react-dom/client";
import * as JsxRuntime from "react/jsx-runtime";

export { JsxRuntime, React, ReactDOM };
