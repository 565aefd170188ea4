using Microsoft.Build.Locator;
using RefitStj.WorkspaceCheck;

// MSBuild's assemblies must be located before any type that uses them is loaded: the check lives in another class.
MSBuildLocator.RegisterDefaults();
return await SolutionCheck.RunAsync(args).ConfigureAwait(false);
