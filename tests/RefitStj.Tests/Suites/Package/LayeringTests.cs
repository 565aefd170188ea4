using System.Text.RegularExpressions;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Package;

/// <summary>
/// The folders of src/RefitStj are layers that only call down. Every type is indexed by the folder its file is in, the
/// root included: the root (the facade) may use every folder, and a folder may use the types of the folders its row
/// lists and of no other, the root's included. Public types a folder needs live in that folder (their namespace stays
/// <c>RefitStj</c>). Found the way the repository's folder-cycles tool finds them: by declared type names.
/// </summary>
public sealed partial class LayeringTests
{
    private const string Root = "";

    // Errors, IO, Query at the bottom; Limits on IO; the handler's content on IO and Limits; Serialization on Errors;
    // Reading on Errors, IO and Limits; Streaming on those, the handler's content and Reading; Writing on IO and
    // Serialization; the root on all.
    private static readonly Dictionary<string, string[]> s_allowed = new()
    {
        ["Errors"] = [],
        ["IO"] = [],
        ["Query"] = [],
        ["Limits"] = ["IO"],
        ["LimitHandler"] = ["IO", "Limits"],
        ["Serialization"] = ["Errors"],
        ["Reading"] = ["Errors", "IO", "Limits"],
        ["Writing"] = ["IO", "Serialization"],
        ["Streaming"] = ["Errors", "IO", "Limits", "LimitHandler", "Reading"],
        [Root] = ["Errors", "IO", "Query", "Limits", "LimitHandler", "Serialization", "Reading", "Writing", "Streaming"],
    };

    [Fact]
    public void Every_Folder_And_The_Root_Use_Only_The_Layers_Their_Row_Allows()
    {
        var folders = IndexSources();
        Assert.Equal(s_allowed.Keys.Order(), folders.Keys.Order());

        var declarations = folders
            .SelectMany(folder => folder.Value.SelectMany(text => Declarations().Matches(text).Select(match => (Name: match.Groups[1].Value, Folder: folder.Key))))
            .Distinct()
            .ToList();
        var declaredIn = declarations.ToDictionary(
            declaration => declaration.Name,
            declaration => declaration.Folder);
        var upward = folders
            .SelectMany(folder => folder.Value
                .SelectMany(text => Words().Matches(text).Select(match => match.Value))
                .Distinct()
                .Where(word => declaredIn.TryGetValue(word, out var owner) && owner != folder.Key && !s_allowed[folder.Key].Contains(owner))
                .Select(word => $"{Describe(folder.Key)} uses {word} from {Describe(declaredIn[word])}"))
            .Order()
            .ToList();

        Assert.Empty(upward);
    }

    [Fact]
    public void The_Index_Holds_The_Root_Types_And_The_Public_Types_In_Folders()
    {
        var declared = IndexSources().ToDictionary(
            folder => folder.Key,
            folder => folder.Value.SelectMany(text => Declarations().Matches(text).Select(match => match.Groups[1].Value)).ToHashSet());

        Assert.Contains("StjContentSerializer", declared[Root]);
        Assert.Contains("RefitEnumConverter", declared["Serialization"]);
        Assert.Contains("RefitObjectConverter", declared["Serialization"]);
        Assert.Contains("SseItemConverter", declared["Streaming"]);
        Assert.Contains("ResponseTooLargeException", declared["Limits"]);
    }

    [Fact]
    public void No_Type_Name_Is_Declared_In_Two_Folders()
    {
        var twice = IndexSources()
            .SelectMany(folder => folder.Value.SelectMany(text => Declarations().Matches(text).Select(match => (Name: match.Groups[1].Value, Folder: folder.Key))))
            .Distinct()
            .GroupBy(declaration => declaration.Name)
            .Where(group => group.Count() > 1)
            .Select(group => group.Key);

        Assert.Empty(twice);
    }

    // Each folder's sources (the root's own files under the key Root) with comments and string literals removed.
    private static Dictionary<string, List<string>> IndexSources()
    {
        var source = Path.Combine(Repository.Root, "src", "RefitStj");
        var folders = Directory.GetDirectories(source)
            .Select(Path.GetFileName)
            .Where(name => name is not ("bin" or "obj" or "PublicAPI"))
            .ToDictionary(name => name!, name => Read(Directory.GetFiles(Path.Combine(source, name!), "*.cs", SearchOption.AllDirectories)));
        folders.Add(Root, Read(Directory.GetFiles(source, "*.cs", SearchOption.TopDirectoryOnly)));
        return folders;

        static List<string> Read(string[] files) => files.Select(file => Comments().Replace(File.ReadAllText(file), string.Empty)).ToList();
    }

    private static string Describe(string folder) => folder == Root ? "the root" : folder + "/";

    [GeneratedRegex(@"//[^\n]*|/\*.*?\*/|""(?:\\.|[^""\\])*""", RegexOptions.Singleline)]
    private static partial Regex Comments();

    [GeneratedRegex(@"\b(?:class|struct|record|interface|enum)\s+([A-Z][A-Za-z0-9_]*)")]
    private static partial Regex Declarations();

    [GeneratedRegex(@"\b[A-Z][A-Za-z0-9_]*\b")]
    private static partial Regex Words();
}
