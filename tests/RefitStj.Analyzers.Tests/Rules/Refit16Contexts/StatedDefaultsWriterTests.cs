using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Testing;
using Microsoft.CodeAnalysis.Testing;
using RefitStj.Analyzers.CodeFixes.Rules.Refit16Contexts;
using RefitStj.Analyzers.Tests.Support;
using static RefitStj.Analyzers.Tests.Rules.Refit16Contexts.RefitContextRuleTests;

namespace RefitStj.Analyzers.Tests.Rules.Refit16Contexts;

/// <summary>RSTJ003's stated defaults over a solution: each context declaration edited once, whatever its name is elsewhere.</summary>
public sealed class StatedDefaultsWriterTests
{
    private const string Call = "RestService.ForGenerated<IApi>(http, AppJsonContext.Default)";
    private const string Fixed = "RestService.ForGenerated<IApi>(http, new RefitSettings(new StjContentSerializer(AppJsonContext.Default)))";

    [Fact]
    public async Task Two_Projects_That_Each_Declare_A_Context_Of_One_Name_Get_Both_Stated_By_Solution_Fix_All()
    {
        var test = new Test();
        AddProject(test.TestState, "First", $"public static IApi Create(HttpClient http) => {{|#0:{Call}|}};", statesDefaults: false);
        AddProject(test.TestState, "Second", $"public static IApi Create(HttpClient http) => {{|#1:{Call}|}};", statesDefaults: false);
        AddProject(test.FixedState, "First", $"public static IApi Create(HttpClient http) => {Fixed};", statesDefaults: true);
        AddProject(test.FixedState, "Second", $"public static IApi Create(HttpClient http) => {Fixed};", statesDefaults: true);
        test.ExpectedDiagnostics.Add(RefitSerializer("RestService.ForGenerated"));
        test.ExpectedDiagnostics.Add(RefitSerializer("RestService.ForGenerated", location: 1));

        await test.RunAsync();
    }

    /// <summary>The primary project is <paramref name="name"/> First; any other is added beside it.</summary>
    private static void AddProject(SolutionState state, string name, string members, bool statesDefaults)
    {
        var source = RefitLine.Source(Source(members, statesDefaults));
        if (name == "First")
        {
            state.Sources.Add(("/0/Source0.cs", source));
            state.AdditionalReferences.AddRange(CompilationInputs.References);
            return;
        }

        var project = new ProjectState(name, LanguageNames.CSharp, $"/{name}/Test", "cs");
        project.Sources.Add(($"/{name}/Source0.cs", source));
        project.AdditionalReferences.AddRange(CompilationInputs.References);
        state.AdditionalProjects.Add(name, project);
    }

    // Solution-scope fix-all only: a document's or a project's fix-all sees one of the two contexts.
    private sealed class Test : CSharpCodeFixTest<RefitStjAnalyzer, RefitContextCodeFix, DefaultVerifier>
    {
        public Test()
        {
            CodeFixTestBehaviors = CodeFixTestBehaviors.SkipFixAllInDocumentCheck | CodeFixTestBehaviors.SkipFixAllInProjectCheck;
            NumberOfIncrementalIterations = 2;
            NumberOfFixAllIterations = 1;
            DisabledDiagnostics.AddRange(new RefitStjAnalyzer().SupportedDiagnostics.Select(d => d.Id).Where(id => !RuleIds.Contains(id)).Distinct());
            ReferenceAssemblies = new ReferenceAssemblies("net10.0");
            TestBehaviors |= TestBehaviors.SkipGeneratedSourcesCheck;
            SolutionTransforms.Add((solution, _) =>
            {
                foreach (var project in solution.Projects.ToList())
                {
                    solution = solution.WithProjectCompilationOptions(project.Id, ((CSharpCompilationOptions)project.CompilationOptions!).WithNullableContextOptions(NullableContextOptions.Enable));
                }

                return solution;
            });
        }

        protected override IEnumerable<Type> GetSourceGenerators() => [CompilationInputs.JsonSourceGenerator];
    }
}
