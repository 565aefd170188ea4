using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Package;

/// <summary>
/// The package version comes from git tags (MinVer). A throwaway repository holding the library's project file and the
/// build files it imports goes through a release's history, and at each step MSBuild computes the version the way pack
/// does (pack runs the same MinVer target first; PackageTests pins that the packed version is MinVer's). Each package
/// line puts MinVer's version behind its Refit major (src/RefitStj/RefitStj.csproj, RefitLineVersion): v1.2.3 packs
/// 16.1.2.3 on line 16 and 17.1.2.3 on line 17 (REFIT17: this run's line, whose build arguments the history is computed with).
/// </summary>
public sealed class PackageVersionTests(PackageVersionTests.ReleaseHistory history) : IClassFixture<PackageVersionTests.ReleaseHistory>
{
#if REFIT17
    private const string Line = "17";
#else
    private const string Line = "16";
#endif

    [Fact]
    public void History_Without_A_Tag_Packs_A_0_1_0_Prerelease_Counting_Its_Commits_Behind_The_Refit_Major()
    {
        Assert.Equal($"{Line}.0.1-alpha.0.1", history.Untagged);
    }

    [Fact]
    public void Commit_Tagged_v1_2_3_Packs_1_2_3_Behind_The_Refit_Major()
    {
        Assert.Equal($"{Line}.1.2.3", history.Tagged);
    }

    [Fact]
    public void Commit_After_The_Tag_Packs_A_Prerelease_Of_The_Next_Patch_That_Sorts_After_It()
    {
        Assert.Equal($"{Line}.1.2.4-alpha.0.1", history.AfterTag);
    }

    [Fact]
    public void Shallow_Clone_Of_The_Tag_Packs_The_Release()
    {
        Assert.Equal($"{Line}.1.2.3", history.ShallowTagged);
    }

    [Fact]
    public void Shallow_Clone_Past_The_Tag_Packs_A_0_1_0_Prerelease_Without_A_Warning()
    {
        // The tag is outside the one fetched commit, so MinVer cannot see it: a build that must not fail (warnings are
        // errors here) and a version that can never pass for a release. Releases are packed from the tagged commit.
        Assert.Equal($"{Line}.0.1-alpha.0", history.ShallowAfterTag);
    }

    /// <summary>Builds the history once, in a temporary folder, and records the version MSBuild computes at each step.</summary>
    public sealed class ReleaseHistory : IDisposable
    {
        private static readonly string[] s_projectFiles =
            ["Directory.Build.props", "Directory.Packages.props", "global.json", "nuget.config", "src/RefitStj/RefitStj.csproj"];

        private readonly string _folder = Directory.CreateTempSubdirectory("refitstj-version-").FullName;

        public ReleaseHistory()
        {
            var repository = Path.Combine(_folder, "repository");
            foreach (var file in s_projectFiles)
            {
                var copy = Path.Combine(repository, file);
                Directory.CreateDirectory(Path.GetDirectoryName(copy)!);
                File.Copy(Path.Combine(Repository.Root, file), copy);
            }

            Git(repository, "init", "-q", "-b", "main");
            Git(repository, "add", "-A");
            Git(repository, "commit", "-q", "-m", "The library");
            Git(repository, "commit", "-q", "--allow-empty", "-m", "A change");
            Untagged = PackageVersion(repository);

            Git(repository, "tag", "v1.2.3");
            Tagged = PackageVersion(repository);

            Git(repository, "commit", "-q", "--allow-empty", "-m", "A change after the release");
            AfterTag = PackageVersion(repository);

            ShallowAfterTag = PackageVersion(ShallowClone(repository, "shallow", "main"));
            ShallowTagged = PackageVersion(ShallowClone(repository, "shallow-tag", "v1.2.3"));
        }

        public string Untagged { get; }

        public string Tagged { get; }

        public string AfterTag { get; }

        public string ShallowAfterTag { get; }

        public string ShallowTagged { get; }

        public void Dispose() => Directory.Delete(_folder, recursive: true);

        private string ShallowClone(string repository, string name, string branch)
        {
            var clone = Path.Combine(_folder, name);
            Git(_folder, "clone", "-q", "--depth", "1", "--branch", branch, new Uri(repository).AbsoluteUri, clone);
            return clone;
        }

        /// <summary>The version pack would give the library in <paramref name="repository"/>; a warning fails it.</summary>
        private static string PackageVersion(string repository) => Repository.Dotnet(
            ["msbuild", Path.Combine(repository, "src/RefitStj/RefitStj.csproj"), "-restore", "-t:MinVer",
            "-getProperty:PackageVersion", "-p:Configuration=Release", .. PackedPackage.LineArguments, "-warnaserror", "-nodeReuse:false"]).Trim();

        private static void Git(string folder, params string[] arguments)
        {
            // A fixed identity and no signing: the commits and tag must not depend on the machine's git configuration.
            string[] options = ["-C", folder, "-c", "user.name=RefitStj tests", "-c", "user.email=tests@refitstj.invalid",
                "-c", "commit.gpgSign=false", "-c", "tag.gpgSign=false", "-c", "advice.detachedHead=false"];
            var (exitCode, output, error) = Repository.Run("git", [.. options, .. arguments], TimeSpan.FromMinutes(1));
            Assert.True(exitCode == 0, $"git {string.Join(' ', arguments)} exited {exitCode}:\n{output}{error}");
        }
    }
}
