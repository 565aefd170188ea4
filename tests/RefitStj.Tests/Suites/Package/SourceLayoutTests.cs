using System.Text.RegularExpressions;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Package;

/// <summary>
/// Names and places that tell the truth, in the library and in the analyzers alike: one top-level type a source file,
/// named as the file; test classes outside the suites' folders named exactly for a source file of the same folder of
/// src; no two test classes of one name.
/// </summary>
public sealed partial class SourceLayoutTests
{
    // The library, and the analyzer and its fixes (two projects, one test project; Corpus/Projects holds apps, not tests).
    private static readonly Dictionary<string, (string[] Sources, string Tests, string[] Suites)> s_layouts = new(StringComparer.Ordinal)
    {
        ["library"] = (["src/RefitStj"], "tests/RefitStj.Tests", ["Suites/", "Support/"]),
        ["analyzers"] = (["src/RefitStj.Analyzers", "src/RefitStj.Analyzers.CodeFixes"], "tests/RefitStj.Analyzers.Tests", ["Corpus/", "Readme/", "Support/"]),
    };

    [Theory]
    [InlineData("library")]
    [InlineData("analyzers")]
    public void Every_Source_File_Declares_One_Top_Level_Type_Named_As_The_File(string layout)
    {
        var wrong = s_layouts[layout].Sources.Select(Root)
            .SelectMany(source => SourceFiles(source).Select(file => (File: Relative(source, file), Types: TopLevelTypes(file))))
            .Where(file => file.Types is not [var only] || only != Stem(file.File))
            .Select(file => $"{file.File} declares {string.Join(", ", file.Types)}")
            .ToList();

        Assert.Empty(wrong);
    }

    [Theory]
    [InlineData("library")]
    [InlineData("analyzers")]
    public void Every_Test_File_Outside_Suites_And_Support_Tests_A_Type_Of_The_Same_Folder_Of_Src(string layout)
    {
        var (sources, tests, suites) = s_layouts[layout];
        var typesByFolder = sources.Select(Root)
            .SelectMany(source => SourceFiles(source).Select(file => Relative(source, file)))
            .GroupBy(file => Path.GetDirectoryName(file)!)
            .ToDictionary(folder => folder.Key, folder => folder.Select(TestedName).ToHashSet());
        var strays = SourceFiles(Root(tests))
            .Select(file => Relative(Root(tests), file))
            .Where(file => !suites.Any(suite => file.StartsWith(suite, StringComparison.Ordinal)))
            .Where(file => !IsTestOfSourceType(file, typesByFolder))
            .ToList();

        Assert.Empty(strays);
    }

    [Theory]
    [InlineData("library")]
    [InlineData("analyzers")]
    public void No_Two_Test_Classes_Share_A_Name(string layout)
    {
        var tests = Root(s_layouts[layout].Tests);
        var twice = SourceFiles(tests)
            .Where(file => !Relative(tests, file).StartsWith("Corpus/Projects/", StringComparison.Ordinal))
            .SelectMany(file => TestClasses().Matches(File.ReadAllText(file)).Select(match => (Name: match.Groups[1].Value, File: Relative(tests, file))))
            .GroupBy(test => test.Name)
            .Where(group => group.Select(test => Path.GetDirectoryName(test.File)).Distinct().Count() > 1)
            .Select(group => $"{group.Key}: {string.Join(", ", group.Select(test => test.File))}")
            .ToList();

        Assert.Empty(twice);
    }

    // Exactly FooTests.cs for Foo.cs, FooPartTests.cs for the part Foo.Part.cs (Bar/FooTests.cs for src/RefitStj/Bar/Foo.cs).
    private static bool IsTestOfSourceType(string file, Dictionary<string, HashSet<string>> typesByFolder) =>
        Path.GetFileName(file).EndsWith("Tests.cs", StringComparison.Ordinal)
        && typesByFolder.TryGetValue(Path.GetDirectoryName(file)!, out var types)
        && types.Contains(Path.GetFileName(file)[..^"Tests.cs".Length]);

    // The name a source file's tests carry: Foo for Foo.cs, FooPart for Foo.Part.cs.
    private static string TestedName(string file) => Path.GetFileNameWithoutExtension(file).Replace(".", string.Empty, StringComparison.Ordinal);

    private static List<string> TopLevelTypes(string file) =>
        TopLevelDeclarations().Matches(Comments().Replace(File.ReadAllText(file), string.Empty)).Select(match => match.Groups[1].Value).Distinct().ToList();

    private static string Root(string path) => Path.Combine(Repository.Root, path);

    private static IEnumerable<string> SourceFiles(string root) =>
        Directory.GetFiles(root, "*.cs", SearchOption.AllDirectories)
            .Where(file => Relative(root, file).Split('/')[0] is not ("bin" or "obj"));

    private static string Relative(string root, string file) => Path.GetRelativePath(root, file).Replace('\\', '/');

    // The type a file is named for: StjContentSerializer for StjContentSerializer.Streaming.cs.
    private static string Stem(string file) => Path.GetFileName(file).Split('.')[0];

    [GeneratedRegex(@"//[^\n]*|/\*.*?\*/|""(?:\\.|[^""\\])*""", RegexOptions.Singleline)]
    private static partial Regex Comments();

    // File-scoped namespaces: a top-level type starts its line, a nested one is indented.
    [GeneratedRegex(@"^(?:(?:public|internal|file|static|sealed|abstract|readonly|partial|ref|unsafe)\s+)*(?:class|struct|interface|enum|record(?:\s+(?:class|struct))?)\s+([A-Z][A-Za-z0-9_]*)", RegexOptions.Multiline)]
    private static partial Regex TopLevelDeclarations();

    [GeneratedRegex(@"\bclass\s+([A-Z][A-Za-z0-9_]*Tests)\b")]
    private static partial Regex TestClasses();
}
